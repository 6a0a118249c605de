/** Contract-shaped two-factor answers for the twoFactor machine's tests and the Security stories. */
import type { TwoFactorEnrolment, TwoFactorStatus } from '../../contract/twoFactor.ts'

export const statusOff: TwoFactorStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0 }
export const statusOn: TwoFactorStatus = { enabled: true, enabled_at: '2026-11-01T10:00:00.000Z', recovery_codes_left: 7 }

/** A tiny valid SVG (a black square), as the server sends its QR code: a base64 data URL, never HTML. */
const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><rect width="4" height="4" fill="#000"/><rect x="1" y="1" width="2" height="2" fill="#fff"/></svg>'
const base64 = typeof btoa === 'function' ? btoa(svg) : Buffer.from(svg).toString('base64')

export const enrolment: TwoFactorEnrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Engage:admin%40acme.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Engage&digits=6&period=30',
  qr_data_url: `data:image/svg+xml;base64,${base64}`,
}

export const recoveryCodes: ReadonlyArray<string> = [
  'abcde-23456',
  'fghjk-34567',
  'mnpqr-45678',
  'stuvw-56789',
  'xyzab-6789a',
  'cdefg-789ab',
  'hjkmn-89abc',
  'pqrst-9abcd',
  'uvwxy-abcde',
  'zabcd-bcdef',
]
