/** The Engage logo: mark plus wordmark. Decorative unless `title` is given. */

/** The product's name, the wordmark: the same in every language. */
export const PRODUCT_NAME = 'Engage'

export function Logo({ size = 32, withWordmark = true, title }: { size?: number; withWordmark?: boolean; title?: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: size / 4 }} role={title ? 'img' : undefined} aria-label={title} aria-hidden={title ? undefined : true}>
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#4f46e5" />
        <path d="M9 10h14M9 16h10M9 22h14" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {withWordmark && <span style={{ fontWeight: 700, fontSize: size * 0.6, letterSpacing: '-0.02em' }}>{PRODUCT_NAME}</span>}
    </span>
  )
}
