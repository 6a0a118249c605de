/**
 * CSV for the audit log's export (Audit log): RFC 4180 fields and lines, with the
 * spreadsheet-formula guard. No CSV library is installed, and writing (never parsing) needs only
 * these two rules, so they are here rather than a new dependency (docs/decisions.md).
 */

/** The characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/
/** Anything either rule below looks at: a formula start, a character to quote, or a space at an edge. */
const NEEDS_CARE = /^[=+\-@\s]|[",\r\n]|\s$/

/**
 * One CSV field: a text a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe so it shows as text; a field holding a comma, a
 * double quote, a line break or leading/trailing space is quoted, its quotes doubled.
 */
export function csvField(value: string): string {
  // Most fields (ids, emails, times, kinds) need neither rule: one test lets them through as they are.
  if (!NEEDS_CARE.test(value)) return value
  const guarded = FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]|^\s|\s$/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded
}

/** One CSV record, fields joined by commas and ended by CRLF (RFC 4180). */
export function csvRecord(values: ReadonlyArray<string>): string {
  return `${values.map(csvField).join(',')}\r\n`
}
