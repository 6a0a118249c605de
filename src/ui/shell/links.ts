/** Where the shell's fixed links go (SPEC §2.6). */

/** The sidebar footer's 'Log Out' and the user menu's 'Sign out'. */
export const SIGN_OUT_PATH = '/app/signout'
/** The user menu's 'Account' (ours): everyone's own profile, security and notifications. */
export { ACCOUNT_PATH } from '../../navigation/account.ts'
/** The inbox (SPEC §2.5 /app/notifications): the panel's 'Open inbox', the Overview's card. */
export const INBOX_PATH = '/app/notifications'
/** The user menu's 'Settings'. */
export const SETTINGS_PATH = '/app/setting/profile-settings'
/** The user menu's 'Documentation': the external docs, set with VITE_DOCS_URL at build time. */
export const DOCS_URL: string = import.meta.env.VITE_DOCS_URL ?? 'https://docs.engage.dev'
