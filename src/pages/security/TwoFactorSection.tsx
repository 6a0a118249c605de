/** Profile Settings › Security: placeholder until issue #19's TwoFactor section lands here. */
export function TwoFactorSection() {
  return null
}
