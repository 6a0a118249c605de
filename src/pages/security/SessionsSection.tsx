/** Profile Settings › Security: placeholder until issue #19's Sessions section lands here. */
export function SessionsSection() {
  return null
}
