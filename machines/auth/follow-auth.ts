/**
 * The auth follower (machines/shared/follow-auth.ts) under the path machines/notifications
 * imports it from; that machine is being rewritten and will import it from machines/shared.
 */
export { followAuth } from '../shared/follow-auth.ts'
