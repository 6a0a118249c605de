/** What the profile settings machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const profileSettingsDocs: MachineDocs = {
  states: {
    profile: "The Profile section of the Profile tab: photo, 'Photo URL', 'Full name' and 'Save changes'.",
    'profile.editing': "The profile form is editable; field errors, or a refused save's message above the form, show until the next change.",
    'profile.saving': "The name and photo are being saved: the button reads 'Saving…' and the fields are disabled.",
    'profile.saved': "The profile is stored: 'Saved' shows beside the button, a 'Profile saved' toast appears and the header shows the new name and photo.",
    avatar: "The photo upload beside the avatar, side by side with the profile form: 'Upload photo' and its error.",
    'avatar.idle': "'Upload photo' waits for a picked image; after an upload its link fills 'Photo URL', and 'Save changes' stores it.",
    'avatar.uploading': "A picked image is uploading: the button reads 'Uploading…'.",
    'avatar.failed': "The upload failed: 'The image could not be uploaded. Please try again.' (or the uploader's reason) shows under the button.",
    password: "The Password section, side by side with the profile: 'Current password', 'New password' and 'Change password'.",
    'password.editing':
      "The password form is editable; field errors (such as a wrong current password) or a refused change's message show until the next change.",
    'password.changing': "The new password is being set: the button reads 'Changing…'.",
    'password.changed': "'Password changed' shows beside the button and a toast says the other sessions were signed out; this session stays signed in.",
  },
  events: {
    'avatar.picked': "A person chooses an image with 'Upload photo': it starts uploading.",
    'password.changeCurrent': "A person types in 'Current password'.",
    'password.changeNew': "A person types in 'New password'.",
    'password.submit': "A person presses 'Change password': valid passwords are sent, otherwise the fields are marked.",
    'profile.changeImage': "A person types in 'Photo URL', or an uploaded image's link fills it.",
    'profile.changeName': "A person types in 'Full name'.",
    'profile.save': "A person presses 'Save changes': a valid profile is saved, otherwise the fields are marked.",
  },
}
