/**
 * The three sizes of the bench's `scale` section (bench/scale.ts): one workspace, Acme Support,
 * holding every row, and one person, admin@acme.test (the largest tenant). Counts are totals
 * in that workspace (the demo's own rows included): members of the workspace, the admin's
 * notifications and the workspace's audit entries, the admin's workspaces, and the workspace's
 * custom permission sets.
 */
export const SCALE_SIZES = {
  small: { members: 10, notifications: 1_000, auditEntries: 1_000, workspaces: 5, sets: 10 },
  middle: { members: 1_000, notifications: 100_000, auditEntries: 100_000, workspaces: 100, sets: 200 },
  large: { members: 10_000, notifications: 1_000_000, auditEntries: 1_000_000, workspaces: 1_000, sets: 200 },
} as const

export type ScaleSizeName = keyof typeof SCALE_SIZES
export type ScaleSize = (typeof SCALE_SIZES)[ScaleSizeName]
export const SCALE_SIZE_NAMES = Object.keys(SCALE_SIZES) as ScaleSizeName[]

/** Share of the seeded notifications left unread (the rest read; a few of those archived). */
export const SCALE_UNREAD_SHARE = 0.3

/**
 * What the seeding reports (the last line of bench/lib/seed-scale.ts's output, as JSON): the ids
 * the measured requests need and the counts actually in the database afterwards.
 */
export interface SeededScale {
  readonly size: ScaleSizeName
  /** Acme Support's id and admin@acme.test's (the person filter's choice: a tenth of the audit entries are theirs). */
  readonly orgId: string
  readonly adminId: string
  readonly counts: {
    readonly members: number
    readonly notifications: number
    readonly unread: number
    readonly auditEntries: number
    readonly workspaces: number
    readonly sets: number
  }
  /** Wall time of the seeding, migrations and vacuum included, ms. */
  readonly ms: number
}

/** Seeded member names are `Scale Member 00001`…, emails `scale-member-00001@bench.test`. */
export const SCALE_MEMBER_NAME = 'Scale Member'
export const SCALE_MEMBER_EMAIL_PREFIX = 'scale-member-'
