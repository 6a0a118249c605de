/**
 * Long file: every table in one module, the one schema file drizzle-kit reads
 * (drizzle.config.ts) and `Database` (client.ts) is typed over.
 *
 * The database schema (Drizzle, PostgreSQL dialect): the same tables on embedded PGlite and on a
 * PostgreSQL server. Migrations in `./migrations` are generated from this file with
 * `npm run db:generate`; a test fails when they fall behind it.
 *
 * Identifiers are random UUIDs stored as `text`: a malformed id arriving in a header (`x-org-id`)
 * then simply matches nothing instead of raising a cast error. Tenancy (SPEC.md §1): every
 * tenant-scoped row carries `org_id`; a user reaches an organisation only through `memberships`.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { LayoutTypes, type LayoutType, type Permission } from '../../contract/api.ts'
import { NotificationCategories, NotificationPriorities } from '../../contract/notifications.ts'

const id = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => randomUUID())
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow()

/**
 * An organisation (workspace, tenant). SPEC.md §3 Current org.
 *
 * `created_by` is the user who signed up with it or created it (its owner; null for workspaces
 * made before ownership was recorded, or whose owner was deleted): it bounds how many workspaces
 * one person may create. `company_name`, `team_size` and `use_case` are the sign-up-info form's
 * answers (`POST /organizations/complete-signup`), null until then.
 */
export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  isSsoEnabled: boolean('is_sso_enabled').notNull().default(false),
  signupCompleted: boolean('signup_completed').notNull().default(false),
  waitlistApproved: boolean('waitlist_approved').notNull().default(false),
  layout: text('layout').$type<LayoutType>().notNull().default('DEFAULT'),
  createdBy: text('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  companyName: text('company_name'),
  teamSize: text('team_size'),
  useCase: text('use_case'),
  /** Members must have two-factor authentication on to work in this workspace. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** The language a person added to this workspace (a new account) starts in; null: their browser's. */
  defaultLanguage: text('default_language'),
  createdAt: createdAt(),
}, (t) => [
  check('organizations_layout_known', sql`${t.layout} in (${sql.raw(LayoutTypes.map((l) => `'${l}'`).join(', '))})`),
  check('organizations_default_language_shipped', sql`${t.defaultLanguage} in ('en', 'de', 'es', 'ar')`),
  index('organizations_created_by_idx').on(t.createdBy),
])

/**
 * A person who signs in. `email` is stored lower-cased so the unique index is case-insensitive.
 * `password_hash` is null for an invited person who has not yet set a password through their
 * invite link: such an account cannot sign in, and shows as `invited` in the team list.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    image: text('image'),
    defaultOrgId: text('default_org_id').references(() => organizations.id, { onDelete: 'set null' }),
    /**
     * Two-factor authentication (TOTP, RFC 6238). `two_factor_secret` is the confirmed
     * secret (encrypted by server/auth/two-factor.ts), null while 2FA is off;
     * `two_factor_pending_secret` is an enrolment not yet confirmed with a code;
     * `two_factor_last_step` is the last accepted 30 s time step, so a code works once.
     */
    twoFactorSecret: text('two_factor_secret'),
    twoFactorPendingSecret: text('two_factor_pending_secret'),
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true, mode: 'date' }),
    twoFactorLastStep: bigint('two_factor_last_step', { mode: 'number' }),
    /** When the person followed an address-confirmation link (or any emailed link); null: unconfirmed. */
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true, mode: 'date' }),
    /** The language the person chose (src/i18n/locales.ts LOCALES); null: none chosen, the browser's decides. */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_language_shipped', sql`${t.language} in ('en', 'de', 'es', 'ar')`),
    // The members list's order (server/members/team.ts: by name without case, then id): a page of a
    // workspace of thousands walks this index and stops at its limit instead of sorting them all.
    index('users_name_order_idx').on(sql`lower(${t.fullName})`, t.id),
  ],
)

/** Which users belong to which organisations: the tenant boundary. */
export const memberships = pgTable(
  'memberships',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The primary key (user_id, org_id) serves lookups by user; the index serves "members of an org".
  (t) => [
    primaryKey({ name: 'memberships_pkey', columns: [t.userId, t.orgId] }),
    index('memberships_org_id_idx').on(t.orgId),
    // Newest members first (the pending invitations' page of new people, server/members/invitations.ts).
    index('memberships_org_created_idx').on(t.orgId, t.createdAt.desc(), t.userId.desc()),
  ],
)

/**
 * A permission set (SPEC.md §3, §6). System sets have `org_id` null and a unique
 * `permission_set_key` (the role name); custom sets belong to one org and have no key. A custom
 * set's name is unique within its org, ignoring case (the index backs the API's 409 when two
 * requests race past its check).
 */
export const permissionSets = pgTable(
  'permission_sets',
  {
    id: id(),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'cascade' }),
    permissionSetKey: text('permission_set_key'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    isSystem: boolean('is_system').notNull().default(false),
    permissions: jsonb('permissions').$type<Permission[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('permission_sets_key_key').on(t.permissionSetKey),
    index('permission_sets_org_id_idx').on(t.orgId),
    uniqueIndex('permission_sets_org_name_key').on(t.orgId, sql`lower(${t.name})`),
    check(
      'permission_sets_system_shape',
      sql`(${t.isSystem} and ${t.orgId} is null and ${t.permissionSetKey} is not null) or (not ${t.isSystem} and ${t.orgId} is not null and ${t.permissionSetKey} is null)`,
    ),
  ],
)

/**
 * The permission sets a member holds in one org. The foreign key to `memberships` means a set
 * can only be held where the user is a member, and leaving the org drops the assignments.
 */
export const memberPermissionSets = pgTable(
  'member_permission_sets',
  {
    userId: text('user_id').notNull(),
    orgId: text('org_id').notNull(),
    permissionSetId: text('permission_set_id')
      .notNull()
      .references(() => permissionSets.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'member_permission_sets_pkey', columns: [t.userId, t.orgId, t.permissionSetId] }),
    foreignKey({
      name: 'member_permission_sets_membership_fk',
      columns: [t.userId, t.orgId],
      foreignColumns: [memberships.userId, memberships.orgId],
    }).onDelete('cascade'),
    index('member_permission_sets_set_idx').on(t.permissionSetId),
  ],
)

/**
 * Refresh tokens (SPEC.md §4 Token refresh). Only the SHA-256 of the opaque token is stored.
 * Every rotation adds a row to the same `family_id`; the newest unrevoked row is the live one.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    replacedBy: text('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
)

/**
 * One-time set-password tokens, issued when a person is invited (SPEC.md §1: users join
 * organisations; the spec does not show how, see docs/api.md). Like refresh tokens, only the
 * SHA-256 of the opaque token is stored. A token is spent by setting `used_at`; setting a password
 * spends every other unused token of the same user too.
 */
export const passwordTokens = pgTable(
  'password_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * What the link does. `invite` sets the first password (7 days), `reset` replaces it
     * and signs out every session (30 minutes), `confirm_email` confirms the address (7 days).
     */
    purpose: text('purpose').$type<AccountTokenPurpose>().notNull().default('invite'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_tokens_token_hash_key').on(t.tokenHash),
    index('password_tokens_user_id_idx').on(t.userId),
    check('password_tokens_purpose_known', sql`${t.purpose} in ('invite', 'reset', 'confirm_email')`),
  ],
)

/** The purposes of a one-time emailed link (`password_tokens.purpose`). */
export type AccountTokenPurpose = 'invite' | 'reset' | 'confirm_email'

/** Secrets the server generates for itself on first start (the access-token signing key). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
})

/**
 * Rate-limit counts shared by every host on one PostgreSQL (server/http/rate-limit.ts).
 * The shape rate-limiter-flexible's PostgreSQL store reads and writes: `key` is the limit's
 * prefix and the counted key, `expire` the window's end in ms since the epoch. PGlite counts in
 * process memory and leaves this table empty.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
})

/**
 * Each organisation's plan (SPEC.md §3 Credits summary): how many credits it gets per calendar
 * month (UTC), `null` meaning unlimited. One row per org; an org without a row is treated as on
 * the default Starter plan (server/billing/credits.ts).
 */
export const orgPlans = pgTable(
  'org_plans',
  {
    orgId: text('org_id')
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    planName: text('plan_name').notNull(),
    monthlyCredits: integer('monthly_credits'),
    createdAt: createdAt(),
  },
  (t) => [check('org_plans_monthly_credits_non_negative', sql`${t.monthlyCredits} is null or ${t.monthlyCredits} >= 0`)],
)

/** Kinds of credit-ledger rows: credits spent, or extra credits granted for a month. */
export const CreditEntryKinds = ['usage', 'grant'] as const
export type CreditEntryKind = (typeof CreditEntryKinds)[number]

/**
 * The credits ledger, append-only: every use of credits (`usage`) and every extra allowance
 * (`grant`) of an org, with when it happened and its category (`ai`, `voice`, `messaging`...: a
 * short lower-case word, so it can be a JSON key of `creditsByCategory`). A month's summary is an
 * aggregate over the rows of that month; the index serves exactly that range scan.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    category: text('category').notNull(),
    credits: integer('credits').notNull(),
    kind: text('kind').$type<CreditEntryKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('credit_ledger_org_occurred_idx').on(t.orgId, t.occurredAt),
    check('credit_ledger_credits_positive', sql`${t.credits} > 0`),
    check('credit_ledger_kind_known', sql`${t.kind} in (${sql.raw(CreditEntryKinds.map((k) => `'${k}'`).join(', '))})`),
    check('credit_ledger_category_format', sql`${t.category} ~ '^[a-z][a-z0-9_]{0,31}$'`),
  ],
)

export type UserRow = typeof users.$inferSelect
export type OrganizationRow = typeof organizations.$inferSelect
export type PermissionSetRow = typeof permissionSets.$inferSelect

/**
 * In-app notifications (SPEC.md §3 Notification, §4 Notifications): one row per recipient in one
 * org. `read_at` null means unread. `category`/`priority` are checked against the contract's
 * lists. `action_url`/`action_text` are stored as given; the browser decides whether a URL is safe
 * to follow (contract `safeActionUrl`).
 *
 * The inbox: `seen_at` (the panel was opened with it listed: the badge counts unseen;
 * reading implies seeing), `archived_at` (out of the inbox, in the Archived view), `snoozed_until`
 * (hidden from the inbox until then; a row whose moment has passed counts as back in the inbox
 * even before server/notifications/snooze.ts clears it), `group_key` (rows sharing one show as a
 * single row with a count, ≤ 200 characters). The inbox, archived and snoozed views are disjoint:
 * archiving clears a snooze, snoozing un-archives.
 *
 * Indexes. The list is "this user in this org, newest first" (created_at desc, id desc as the
 * tie-break). Two PARTIAL indexes on those keys, `archived_at is null` (the default inbox view,
 * its Unread and per-category tabs) and `archived_at is not null` (the Archived view), so the
 * default list walks an index of inbox rows only, however much is archived. "Not snoozed now" compares
 * with the clock, which no index predicate may (now() is not immutable): the inbox scan filters
 * the few snoozed rows out as it goes. The counts are partial indexes over the rows they count
 * (`read_at is null and archived_at is null` for unread, `seen_at is null and archived_at is null`
 * for unseen), which stay small as notifications are read, seen or archived; `snoozed_until` is
 * their last key so the "not snoozed now" test is answered from the index alone. The snoozed
 * view and the wake-up timer use two tiny indexes over snoozed rows only. A category tab has its
 * own partial index (category after the person), so a rare category's page does not walk the
 * whole inbox.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    category: text('category').notNull().default('system'),
    priority: text('priority').notNull().default('normal'),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    actionUrl: text('action_url'),
    actionText: text('action_text'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    /** When it was first listed in an opened panel (null: unseen). */
    seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }),
    /** When it was archived (null: not archived). */
    archivedAt: timestamp('archived_at', { withTimezone: true, mode: 'date' }),
    /** Hidden from the inbox until this moment, then back as unread (null: not snoozed). */
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true, mode: 'date' }),
    /** Notifications with the same key show as one row with a count. */
    groupKey: text('group_key'),
  },
  (t) => [
    index('notifications_inbox_idx').on(t.userId, t.orgId, t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} is null`),
    index('notifications_inbox_category_idx').on(t.userId, t.orgId, t.category, t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} is null`),
    index('notifications_archived_idx').on(t.userId, t.orgId, t.createdAt.desc(), t.id.desc()).where(sql`${t.archivedAt} is not null`),
    index('notifications_unread_idx').on(t.userId, t.orgId, t.snoozedUntil).where(sql`${t.readAt} is null and ${t.archivedAt} is null`),
    index('notifications_unseen_idx').on(t.userId, t.orgId, t.snoozedUntil).where(sql`${t.seenAt} is null and ${t.archivedAt} is null`),
    index('notifications_snoozed_idx').on(t.userId, t.orgId, t.snoozedUntil, t.id).where(sql`${t.snoozedUntil} is not null`),
    index('notifications_snooze_due_idx').on(t.snoozedUntil).where(sql`${t.snoozedUntil} is not null`),
    // The foreign keys' cascades and the invitation clean-up (server/members/invitations.ts) find a
    // person's rows through these: the partial indexes above cannot serve a query by user alone.
    index('notifications_user_id_idx').on(t.userId),
    index('notifications_org_id_idx').on(t.orgId),
    check('notifications_group_key_length', sql`char_length(${t.groupKey}) between 1 and 200`),
    check('notifications_category_known', sql`${t.category} in (${sql.raw(NotificationCategories.map((c) => `'${c}'`).join(', '))})`),
    check('notifications_priority_known', sql`${t.priority} in (${sql.raw(NotificationPriorities.map((p) => `'${p}'`).join(', '))})`),
  ],
)

/**
 * Notification preferences (SPEC.md §3), one JSON document per user (contract
 * `NotificationPreferences`, validated before it is written). No row: the defaults apply.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

/**
 * Browser push subscriptions (SPEC.md §3 Push subscription, §7 web-push calls): one row per
 * user, org and device (`device_id` is the browser's stored device id), upserted on subscribe.
 * `is_currently_active` is the device-status report: a device whose app is in front gets no push
 * (the in-app stream already shows it). A 404/410 from the push service deletes the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    browser: text('browser').notNull().default('Unknown'),
    os: text('os').notNull().default('Unknown'),
    userAgent: text('user_agent').notNull().default(''),
    deviceType: text('device_type').notNull().default('desktop'),
    isCurrentlyActive: boolean('is_currently_active').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_user_org_device_key').on(t.userId, t.orgId, t.deviceId),
    index('push_subscriptions_org_id_idx').on(t.orgId),
  ],
)

/**
 * Bug reports (SPEC.md §3 Bug report, §7 `POST /cms/report-bug`). The reporter is the signed-in
 * user when there is one (`user_id`, `org_id` may be null: the button also shows on public pages);
 * `reporter_email` is what the modal showed. Listed by `npm run admin -- bug-reports`.
 */
export const bugReports = pgTable(
  'bug_reports',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    orgId: text('org_id').references(() => organizations.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    stepsToReproduce: text('steps_to_reproduce').notNull().default(''),
    reporterEmail: text('reporter_email').notNull().default(''),
    deviceInfo: jsonb('device_info').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    browserInfo: jsonb('browser_info').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    websiteUrl: text('website_url').notNull().default(''),
    screenshotUrl: text('screenshot_url'),
    createdAt: createdAt(),
  },
  (t) => [index('bug_reports_created_idx').on(t.createdAt.desc())],
)

/**
 * Bot-check tokens already accepted by `POST /users/verify-turnstile` (SPEC.md §4 Human
 * verification): a token is single-use, so its hash is kept until it would have expired anyway.
 */
export const botCheckTokens = pgTable('bot_check_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
})

/**
 * Uploaded files of the embedded storage (`POST /data-storage/get-presigned-url`, SPEC.md §3
 * Upload request): the signed PUT URL names `key`; the row records what was promised (content
 * type, size cap) and whether the upload arrived. The bytes live on disk under DATA_DIR/uploads.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_id_idx').on(t.userId)],
)

/**
 * Signed-in sessions (Sessions): one row per refresh-token family, so `id` equals
 * `refresh_tokens.family_id`. What the person sees on Profile Settings › Security: the browser
 * and OS (parsed from `user_agent` when listed), the address it signed in from, when it started
 * and was last refreshed. `revoked_at` set: signed out, its refresh tokens are revoked too.
 */
/** How a session was started. */
export const SessionMethods = ['password', 'passkey', 'sso'] as const
export type SessionMethod = (typeof SessionMethods)[number]

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userAgent: text('user_agent').notNull().default(''),
    ipAddress: text('ip_address'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /** How the session was started: a password (and maybe a code), a passkey, or single sign-on. */
    method: text('method').$type<SessionMethod>().notNull().default('password'),
    /** The passkey that started it (method `passkey`): removing that passkey signs the session out. */
    passkeyId: text('passkey_id'),
    /**
     * When the person last gave a factor in this session (sign-in, or 'Confirm it's you'):
     * sensitive changes need it within the reverification window (server/auth/reverification.ts).
     */
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId, t.lastUsedAt.desc()),
    // The revocation set (server/auth/revocations.ts) reads the recently signed-out sessions.
    index('sessions_revoked_at_idx').on(t.revokedAt),
    check('sessions_method_known', sql`${t.method} in (${sql.raw(SessionMethods.map((m) => `'${m}'`).join(', '))})`),
  ],
)

/**
 * Two-factor recovery codes: ten per enrolment, each usable once instead of a TOTP
 * code. Only the SHA-256 of a code is stored; a new set replaces the old one.
 */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('two_factor_recovery_codes_user_hash_key').on(t.userId, t.codeHash)],
)

/**
 * The audit log: who did what and when in a workspace. Append-only: rows are written
 * by `recordAudit` (server/audit-trail/record.ts) in the same transaction as the change they describe,
 * and no endpoint updates or deletes them. `actor_label` and `target_label` keep the names as they
 * were, so an entry still reads right after the person or set is gone. `kind` is one of the
 * contract's `AuditKinds`.
 *
 * Indexes. Every read is "this workspace, newest first", keyset-paged on `(created_at, id)`
 * (server/audit/queries.ts), alone or filtered by person or kind: one index per filter, each
 * ending in `created_at desc, id desc`, so a page (and each batch of the CSV export) starts at its
 * cursor and reads only its own rows, with no sort. Drizzle's `.desc()` builds `DESC NULLS LAST`,
 * and the queries order `desc nulls last` to match (as the notifications list does): PostgreSQL
 * reads a plain `desc` as NULLS FIRST and would not use these indexes for it, NOT NULL column or not.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorLabel: text('actor_label').notNull().default(''),
    kind: text('kind').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_events_org_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_org_actor_created_idx').on(t.orgId, t.actorId, t.createdAt.desc(), t.id.desc()),
    index('audit_events_org_kind_created_idx').on(t.orgId, t.kind, t.createdAt.desc(), t.id.desc()),
    // Who invited a person: the latest `member.invited` entry about them (server/members/invitations.ts),
    // one index lookup per pending invitation instead of a walk through every invitation of the workspace.
    index('audit_events_org_kind_target_idx').on(t.orgId, t.kind, t.targetId, t.createdAt.desc()),
  ],
)

/**
 * Everyone a workspace's audit log names as an actor, once, with the label of their latest entry
 * (`last_at`, `last_id`: that entry's time and id, the latest by `(created_at, id)`). Kept by the
 * database in the statement that writes the entries (the trigger `audit_events_keep_actors` of
 * migration 0019_audit_actors, which Drizzle's schema cannot declare), so the log's person filter
 * (server/audit/queries.ts `listAuditActors`) reads the people who are no longer members from here,
 * off `(org_id, lower(label), user_id)`, in the order it lists them, instead of searching the log.
 * Deleting an account deletes its row, as it clears `actor_id` in the log's entries.
 */
export const auditActors = pgTable(
  'audit_actors',
  {
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }).notNull(),
    lastId: text('last_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.userId] }),
    index('audit_actors_org_label_idx').on(t.orgId, sql`lower(${t.label})`, t.userId),
    // The account's rows, found when it is deleted (the foreign key's cascade).
    index('audit_actors_user_idx').on(t.userId),
  ],
)

/** States of an invitation of an existing account to a workspace. */
export const InvitationStatuses = ['pending', 'accepted', 'declined', 'revoked'] as const
export type InvitationStatus = (typeof InvitationStatuses)[number]

/**
 * Invitations of an existing account to another workspace: the workspace appears for
 * the invitee only once they accept. `permission_set_ids` are the sets the membership will hold.
 * At most one pending invitation per person and workspace.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    permissionSetIds: jsonb('permission_set_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    respondedAt: timestamp('responded_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_pending_key').on(t.orgId, t.userId).where(sql`${t.status} = 'pending'`),
    index('invitations_user_status_idx').on(t.userId, t.status),
    // A workspace's pending invitations newest first, a page at a time (server/members/invitations.ts).
    index('invitations_org_pending_created_idx').on(t.orgId, t.createdAt.desc(), t.id.desc()).where(sql`${t.status} = 'pending'`),
    check('invitations_status_known', sql`${t.status} in (${sql.raw(InvitationStatuses.map((s) => `'${s}'`).join(', '))})`),
  ],
)

/**
 * Single-use tickets for the notification stream: the browser fetches one
 * with its bearer token and opens the EventSource with it, so no access token appears in a URL.
 * Only the SHA-256 is stored; a ticket lives seconds and is deleted when used.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The session of the access token the ticket was issued with: its revocation closes the stream. */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
)

/** What an outbox message is: one template each. */
export const MailKinds = ['invitation', 'password_reset', 'email_confirmation', 'notification', 'digest'] as const
export type MailKind = (typeof MailKinds)[number]

/**
 * Where a message is in its life: `queued` waits for its next SMTP attempt
 * (`next_attempt_at`), `sending` is claimed by one server process until `claimed_until` (its lease:
 * past it, a process that stopped mid-send has its message taken over), `sent` was accepted by the SMTP
 * server, `failed` was refused for good or ran out of attempts (`npm run admin -- mail --retry`
 * queues it again), `kept` was written without SMTP_URL: the outbox is then where mail goes.
 */
export const MailStatuses = ['queued', 'sending', 'sent', 'failed', 'kept'] as const
export type MailStatus = (typeof MailStatuses)[number]

/**
 * The mail outbox (server/mail): every message the server sends is written here first,
 * whole (HTML, text and headers), in the transaction's moment, then delivered by SMTP in the
 * background. Nothing is lost when the SMTP server is down, and without SMTP_URL the operator reads
 * the messages here (`npm run admin -- mail`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text('to_address').notNull(),
    kind: text('kind').$type<MailKind>().notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    status: text('status').$type<MailStatus>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    /** While `sending`: until when the process that claimed it owns it; past it, another process takes it over. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    /** The Message-ID header, chosen when the row is written: every attempt carries the same one, so a resend after a crash is recognisably the same message. Null only on rows older than the column. */
    messageId: text('message_id'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt.desc()),
    index('mail_outbox_lease_idx').on(t.claimedUntil).where(sql`${t.status} = 'sending'`),
    index('mail_outbox_to_idx').on(t.toAddress, t.createdAt.desc()),
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'queued'`),
    check('mail_outbox_kind_known', sql`${t.kind} in (${sql.raw(MailKinds.map((k) => `'${k}'`).join(', '))})`),
    check('mail_outbox_status_known', sql`${t.status} in (${sql.raw(MailStatuses.map((k) => `'${k}'`).join(', '))})`),
  ],
)

/**
 * Notifications waiting to be emailed (server/notifications/email-delivery.ts): one row
 * per notification whose recipient's preferences allowed email when it was created. `due_at` is
 * when it may go: at once for an urgent one, else the next digest. A digest run claims the due rows
 * of one person and org (`claimed_at`, so two servers never send the same digest), decides again
 * from the preferences of that moment, and stamps `done_at` with what happened (`outcome`).
 */
export const emailDeliveries = pgTable(
  'email_deliveries',
  {
    notificationId: text('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    urgent: boolean('urgent').notNull().default(false),
    dueAt: timestamp('due_at', { withTimezone: true, mode: 'date' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
    doneAt: timestamp('done_at', { withTimezone: true, mode: 'date' }),
    /** `emailed`, `digested`, `read` (read in the app before it went), `refused` (preferences said no by then). */
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_deliveries_due_idx').on(t.dueAt).where(sql`${t.doneAt} is null`),
    index('email_deliveries_user_org_idx').on(t.userId, t.orgId),
    // The retention sweep: done rows by age (EMAIL_DELIVERY_RETENTION_MS).
    index('email_deliveries_done_idx').on(t.doneAt).where(sql`${t.doneAt} is not null`),
  ],
)

/**
 * Passkeys (WebAuthn credentials, server/passkeys): one row per registered authenticator.
 * `credential_id` and `public_key` are base64url; `counter` is the signature counter last seen
 * (0 for authenticators that do not count); `transports` as the browser reported them.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced), as the authenticator declared. */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('passkeys_credential_id_key').on(t.credentialId), index('passkeys_user_id_idx').on(t.userId)],
)

/**
 * WebAuthn challenges: single-use and short-lived. Only the SHA-256 of the handle the browser
 * holds is stored; the row is deleted when the ceremony completes or fails.
 * `purpose`: `registration`, `authentication` or `reverification`.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    handleHash: text('handle_hash').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    /** The person registering or reverifying; null for a sign-in (the passkey names them). */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
)

/**
 * A workspace's single sign-on connection (OpenID Connect, server/sso). `client_secret` is
 * encrypted at rest and never returned. Whether sign-in through it is required is the
 * workspace's `is_sso_enabled` (SPEC.md §3).
 */
export const ssoConnections = pgTable('sso_connections', {
  orgId: text('org_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  clientSecret: text('client_secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  createdAt: createdAt(),
})

/** The email domains a workspace's single sign-on answers for; a domain belongs to one workspace. */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
  },
  (t) => [index('sso_domains_org_idx').on(t.orgId), check('sso_domains_lower_case', sql`${t.domain} = lower(${t.domain})`)],
)

/** A person as an identity provider knows them: linked by (issuer, subject), never by email. */
export const ssoIdentities = pgTable(
  'sso_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    lastSignedInAt: timestamp('last_signed_in_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.subject] }), index('sso_identities_user_idx').on(t.userId)],
)

/**
 * Single sign-on attempts between the redirect to the provider and its return to `/sso/callback`
 * (state, nonce and PKCE verifier), and identities waiting to be linked to an existing account
 * until its owner proves it (`kind` `login` or `link`). Only the SHA-256 of the handle is stored.
 */
export const ssoPending = pgTable(
  'sso_pending',
  {
    handleHash: text('handle_hash').primaryKey(),
    kind: text('kind').notNull(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The attempt's state, nonce, code verifier and return path, or the identity to link, as JSON. */
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sso_pending_expires_idx').on(t.expiresAt)],
)

/**
 * A workspace's API keys (server/apiKeys, docs/api.md "API keys"). The secret (`eng_` + 40 base62
 * characters) is never stored: `prefix` (its first 12 characters, shown in the list) finds the
 * row, `secret_hash` (SHA-256, hex) proves the rest. The key acts with `permissions`, a snapshot of
 * the permission set chosen at creation (`permission_set_ref` / `_name` say which), and never with
 * more than its creator holds at the moment of each request.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The permission set's reference (a system key or a custom set's id) and name at creation. */
    permissionSetRef: text('permission_set_ref').notNull(),
    permissionSetName: text('permission_set_name').notNull(),
    /** The set's permissions at creation; `super_admin` when it was the Super Admin set. */
    permissions: jsonb('permissions').$type<ReadonlyArray<Permission>>().notNull(),
    superAdmin: boolean('super_admin').notNull().default(false),
    /** The member who created it (the key acts within their permissions); null once the account is deleted. */
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByLabel: text('created_by_label').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [uniqueIndex('api_keys_prefix_idx').on(t.prefix), index('api_keys_org_idx').on(t.orgId, t.createdAt.desc())],
)

/**
 * A workspace's webhook endpoints (server/webhooks, docs/api.md "Webhooks"). The signing secret
 * (Standard Webhooks `whsec_…`) is encrypted at rest; after a rotation the previous one still signs
 * until `previous_secret_expires_at`. `failing_since` is the first failure of the current run of
 * failures (null once a delivery succeeds); past three days the endpoint is disabled
 * (`disabled_reason` `failing`).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: jsonb('event_types').$type<ReadonlyArray<string>>().notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true, mode: 'date' }),
    failingSince: timestamp('failing_since', { withTimezone: true, mode: 'date' }),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_org_idx').on(t.orgId, t.createdAt)],
)

/**
 * The webhook outbox: one row per (event, endpoint), written in the transaction that makes the
 * event, then delivered in the background (server/webhooks). `message_id` is the Standard Webhooks
 * `webhook-id`, the same on every attempt and resend. `status`: `pending` (waits for
 * `next_attempt_at`), `sending` (claimed until `claimed_until` by one process), `succeeded`, `failed`
 * (out of attempts or the endpoint was disabled).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    orgId: text('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    eventType: text('event_type').notNull(),
    /** The JSON body sent, exactly as signed. */
    payload: text('payload').notNull(),
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true, mode: 'date' }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc()),
    // One delivery of an event to an endpoint, whatever retries or restarts happen.
    uniqueIndex('webhook_deliveries_message_idx').on(t.endpointId, t.messageId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    check('webhook_deliveries_status_known', sql`${t.status} in ('pending', 'sending', 'succeeded', 'failed')`),
  ],
)

/** Each attempt of a webhook delivery: HTTP status (null when no answer), duration (ms), the error or the answer's first characters. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    responseExcerpt: text('response_excerpt').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.createdAt)],
)
