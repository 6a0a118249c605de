/**
 * Creating a notification from outside the app: the internal API (`POST
 * /api/internal/notifications`, server/admin/internal-routes.ts) and the admin CLI's direct mode
 * both call {@link createNotification}, so they answer and refuse identically; the public API
 * (`POST /api/common-services/notifications`, an API key or a member) calls
 * {@link createMemberNotification}.
 */
import { eq, sql } from 'drizzle-orm'
import type { CreateMemberNotificationRequest } from '../../contract/developers.ts'
import type { CreateNotificationRequest, Notification } from '../../contract/notifications.ts'
import { ErrorCode } from '../../contract/api.ts'
import { announceSql } from '../db/channels.ts'
import { type Database, rowsOf } from '../db/client.ts'
import { memberships, notifications, organizations, users } from '../db/schema.ts'
import { ApiError } from '../http/errors.ts'
import { enqueueWebhookEvent } from '../webhook-events/events.ts'
import { type NotificationRow, rowJson, serializeNotification } from './rows.ts'

/** `POST /api/internal/notifications` answer. */
export interface CreateNotificationResult {
  readonly notification: Notification
}

/**
 * Creates a notification for the user with `email` in the org named by id or exact name (any
 * case), and announces it with `pg_notify('notifications', {id, user_id, org_id})` in the same
 * transaction (listeners hear of it only once it is committed). Shared by the internal API and
 * the admin CLI's direct mode, so both answer and refuse identically.
 * @throws ApiError 404 `not_found` (issue at `["email"]` or `["org"]`) for an unknown user, an
 *   unknown org, or a user who is not a member of it; 409 when the name matches several orgs.
 */
export async function createNotification(db: Database, request: CreateNotificationRequest): Promise<CreateNotificationResult> {
  const email = request.email.trim().toLowerCase()
  const ref = request.org.trim()
  return db.transaction(async (tx) => {
    const lookup = await tx.execute(sql`
      select
        (select u.id from ${users} u where u.email = ${email}) as user_id,
        coalesce(
          (select json_agg(o.id) from ${organizations} o where o.id = ${ref}),
          (select json_agg(o.id) from ${organizations} o where lower(o.name) = ${ref.toLowerCase()}),
          '[]'::json
        ) as org_ids`)
    const [found] = rowsOf<{ user_id: string | null; org_ids: string[] }>(lookup)
    if (!found?.user_id) throw new ApiError(404, ErrorCode.notFound, `No user has the email "${email}".`, [{ path: ['email'], message: 'No such user' }])
    if (found.org_ids.length === 0)
      throw new ApiError(404, ErrorCode.notFound, `No workspace has the id or name "${ref}".`, [{ path: ['org'], message: 'No such workspace' }])
    if (found.org_ids.length > 1) {
      throw new ApiError(
        409,
        'conflict',
        `"${ref}" names ${found.org_ids.length} workspaces; use its id: ${found.org_ids.join(', ')}.`,
        found.org_ids.map((id) => ({ path: ['org'], message: id })),
      )
    }
    const orgId = found.org_ids[0] as string
    const notification = await insertForMember(tx, found.user_id, orgId, request)
    if (notification === undefined) {
      throw new ApiError(404, ErrorCode.notFound, `${email} is not a member of that workspace.`, [
        { path: ['email'], message: 'Not a member of the workspace' },
      ])
    }
    return { notification }
  })
}

/** The fields of a notification being created, as both requests carry them. */
type NotificationFields = Pick<CreateNotificationRequest, 'title' | 'body' | 'category' | 'priority' | 'action_url' | 'action_text' | 'group_key'>

/**
 * Inserts the notification for `userId` in `orgId` when they are a member, announcing it and
 * queuing its `notification.created` webhook event in the same transaction; undefined when they
 * are not a member (nothing written).
 */
async function insertForMember(tx: Database, userId: string, orgId: string, request: NotificationFields): Promise<Notification | undefined> {
  const inserted = await tx.execute(sql`
    with n as (
      insert into ${notifications} (id, user_id, org_id, title, body, category, priority, action_url, action_text, group_key)
      select ${crypto.randomUUID()}, m.user_id, m.org_id, ${request.title}, ${request.body ?? ''}, ${request.category ?? 'system'},
        ${request.priority ?? 'normal'}, ${request.action_url ?? null}, ${request.action_text ?? null}, ${request.group_key ?? null}
      from ${memberships} m where m.user_id = ${userId} and m.org_id = ${orgId}
      returning *
    )
    select ${rowJson} as row, ${sql.raw(announceSql('n'))} as notified
    from n`)
  const [row] = rowsOf<{ row: NotificationRow }>(inserted)
  if (row === undefined) return undefined
  const n = serializeNotification(row.row)
  await enqueueWebhookEvent(tx, orgId, 'notification.created', { id: n._id, user_id: userId, title: n.title, category: n.category, priority: n.priority, created_at: n.createdAt })
  return n
}

/**
 * The public API's create (`POST /common-services/notifications`): a notification for the member
 * of `orgId` named by `user_id` or `email`.
 * @throws ApiError 404 `not_found` (issue at `["user_id"]` or `["email"]`) when nobody by that id
 *   or email is a member of the workspace (the same answer whether the account exists or not).
 */
export async function createMemberNotification(db: Database, orgId: string, request: CreateMemberNotificationRequest): Promise<CreateNotificationResult> {
  const field = request.user_id === undefined ? 'email' : 'user_id'
  return db.transaction(async (tx) => {
    const [user] =
      request.user_id === undefined
        ? await tx.select({ id: users.id }).from(users).where(eq(users.email, (request.email ?? '').trim().toLowerCase()))
        : [{ id: request.user_id }]
    const notification = user === undefined ? undefined : await insertForMember(tx, user.id, orgId, request)
    if (notification === undefined) {
      throw new ApiError(404, ErrorCode.notFound, 'No member of this workspace has that ' + (field === 'email' ? 'email.' : 'id.'), [
        { path: [field], message: 'Not a member of the workspace' },
      ])
    }
    return { notification }
  })
}
