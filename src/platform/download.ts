/**
 * Saving a file the app fetched (the audit log's CSV export). The file is fetched with
 * the session's headers first, so no access token ever goes into a URL; this only hands the
 * bytes to the browser's download through a temporary object URL and `<a download>`.
 */

/** Saves `data` as a download named `filename`. */
export function saveBlob(filename: string, data: Blob): void {
  const url = URL.createObjectURL(data)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  a.rel = 'noopener'
  a.hidden = true
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked once the click has been handled: some browsers read the URL asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
