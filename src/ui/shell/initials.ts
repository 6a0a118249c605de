/**
 * The avatar's initials for a full name: the first letters of the first and last words,
 * upper-cased ("Ada Admin" → "AA", "cher" → "C"); "?" when the name is blank.
 */
export function initials(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean)
  const first = words[0]
  if (!first) return '?'
  const last = words.length > 1 ? words[words.length - 1] : undefined
  // Array.from keeps a letter outside the BMP (an emoji, some scripts) whole.
  const letter = (w: string) => Array.from(w)[0] ?? ''
  return (letter(first) + (last ? letter(last) : '')).toLocaleUpperCase()
}
