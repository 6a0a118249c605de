/**
 * The SQL of Engage's two hot calls, for the server floor (bench/floor/server.ts): the
 * server's own statements (server/notifications/reads.ts `listStatement('inbox', false)`,
 * server/users/queries.ts `MEMBER_CONTEXT_STATEMENT`) under other names, so the floor and Engage
 * never share a prepared statement. bench/server.ts still compares both servers' answers in every
 * run.
 */
import type { PreparedStatement } from '../../server/db/prepared.ts'
import { listStatement } from '../../server/notifications/reads.ts'
import { MEMBER_CONTEXT_STATEMENT as ENGAGE_MEMBER_CONTEXT } from '../../server/users/queries.ts'

const renamed = (statement: PreparedStatement, name: string): PreparedStatement => ({ ...statement, name })

/** The inbox view's list statement (the notifications list's first page). */
export const LIST_STATEMENT: PreparedStatement = renamed(listStatement('inbox', false), 'floor_notifications_list_inbox')

/** verify-token's member-context statement. */
export const MEMBER_CONTEXT_STATEMENT: PreparedStatement = renamed(ENGAGE_MEMBER_CONTEXT, 'floor_users_member_context')
