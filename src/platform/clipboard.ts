/**
 * Copying text and saving it as a file, for the Security tab's secret and recovery codes
 *. Browser adapters only: no state, no React.
 */

/**
 * Puts `text` on the clipboard.
 * @throws when the browser refuses (no permission, an insecure page, no Clipboard API).
 */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('The clipboard is not available')
  await navigator.clipboard.writeText(text)
}

/** Saves `text` as a UTF-8 `.txt` download named `filename`, through a temporary object URL. */
export function downloadText(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked after the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
