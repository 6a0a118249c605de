/** The Profile and Password sections' words (src/pages/ProfileTab.tsx) and the profileSettings machine's toasts and messages. */
import { defineMessages } from '../../contract/messages.ts'

export const profileMessages = defineMessages('profile', {
  profileSaved: 'Profile saved',
  passwordChangedToast: 'Password changed. Your other sessions have been signed out.',
  avatarUploadFailed: 'The image could not be uploaded. Please try again.',
  profileTitle: 'Profile',
  saved: 'Saved',
  saveChanges: 'Save changes',
  saving: 'Saving…',
  yourPhoto: 'Your photo',
  uploading: 'Uploading…',
  uploadPhoto: 'Upload photo',
  photoUrl: 'Photo URL',
  photoUrlDescription: 'Upload a PNG, JPEG, WebP or GIF image (at most 5 MB), or paste an http(s) image URL. Leave empty for no photo.',
  fullName: 'Full name',
  email: 'Email',
  emailDescription: 'Your sign-in email cannot be changed here.',
  passwordTitle: 'Password',
  passwordChanged: 'Password changed',
  changePassword: 'Change password',
  changing: 'Changing…',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordDescription: 'At least 10 characters. Your other sessions will be signed out.',
  saveFailed: 'Could not save your profile. Please try again.',
  passwordChangeFailed: 'Could not change your password. Please try again.',
})
