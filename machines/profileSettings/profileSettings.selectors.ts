/** Narrow reads of the profile settings for the Profile tab. */
import type { SnapshotFrom } from 'xstate'
import type { ProfileSettingsMachine } from './profileSettings.machine.ts'

export type ProfileSettingsSnapshot = SnapshotFrom<ProfileSettingsMachine>

export const selectFullName = (s: ProfileSettingsSnapshot) => s.context.fullName
export const selectImage = (s: ProfileSettingsSnapshot) => s.context.image
export const selectProfileErrors = (s: ProfileSettingsSnapshot) => s.context.profileErrors
export const selectProfileFormError = (s: ProfileSettingsSnapshot) => s.context.profileFormError
export const selectIsSavingProfile = (s: ProfileSettingsSnapshot) => s.matches({ profile: 'saving' })
export const selectProfileSaved = (s: ProfileSettingsSnapshot) => s.matches({ profile: 'saved' })
export const selectIsUploadingAvatar = (s: ProfileSettingsSnapshot) => s.matches({ avatar: 'uploading' })
export const selectAvatarError = (s: ProfileSettingsSnapshot) => s.context.avatarError
export const selectCurrentPassword = (s: ProfileSettingsSnapshot) => s.context.currentPassword
export const selectNewPassword = (s: ProfileSettingsSnapshot) => s.context.newPassword
export const selectPasswordErrors = (s: ProfileSettingsSnapshot) => s.context.passwordErrors
export const selectPasswordFormError = (s: ProfileSettingsSnapshot) => s.context.passwordFormError
export const selectIsChangingPassword = (s: ProfileSettingsSnapshot) => s.matches({ password: 'changing' })
export const selectPasswordChanged = (s: ProfileSettingsSnapshot) => s.matches({ password: 'changed' })
