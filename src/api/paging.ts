/**
 * The client-side paging helper (SPEC.md §5): page numbers start at 1, the offset of a page is
 * (page - 1) * size, and list-valued filter params are sent as comma-joined strings.
 *
 * Pure functions; `src/api/client.ts` encodes every query value with `toQueryValue`, and the
 * endpoints that page (`notifications.list`) build their query with `pageQuery`.
 */

/** SPEC §5: the first page is page 1. */
export const FIRST_PAGE = 1

/** A page of `size` items, counted from `FIRST_PAGE`. */
export interface PageRequest {
  readonly page: number
  readonly size: number
}

/** A filter value as a caller gives it: a scalar, or a list sent comma-joined. */
export type FilterValue = string | number | boolean | ReadonlyArray<string | number>

function assertPage({ page, size }: PageRequest): void {
  if (!Number.isInteger(page) || page < FIRST_PAGE) throw new RangeError(`page must be an integer from ${FIRST_PAGE}, got ${page}`)
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`size must be a positive integer, got ${size}`)
}

/**
 * The number of items before `page` (SPEC §5: (page - 1) * size).
 * @throws RangeError when page is not an integer ≥ 1 or size not a positive integer.
 */
export function pageOffset(request: PageRequest): number {
  assertPage(request)
  return (request.page - FIRST_PAGE) * request.size
}

/** The page that starts at `offset` (the inverse of `pageOffset` for offsets on a page boundary). */
export function pageAt(offset: number, size: number): number {
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`offset must be a non-negative integer, got ${offset}`)
  assertPage({ page: FIRST_PAGE, size })
  return Math.floor(offset / size) + FIRST_PAGE
}

/** One query value as sent (SPEC §5: a list is comma-joined, `['a', 'b']` → `'a,b'`). */
export function toQueryValue(value: FilterValue): string {
  return Array.isArray(value) ? value.join(',') : String(value)
}

/**
 * The query of a paged list call: `page` and `limit` (SPEC §7's names for the notifications list),
 * then the filters with list values comma-joined; `undefined` filters are left out.
 * @throws RangeError as `pageOffset`.
 */
export function pageQuery(request: PageRequest, filters: Readonly<Record<string, FilterValue | undefined>> = {}): Record<string, string | number> {
  assertPage(request)
  const query: Record<string, string | number> = { page: request.page, limit: request.size }
  for (const [key, value] of Object.entries(filters)) if (value !== undefined) query[key] = toQueryValue(value)
  return query
}
