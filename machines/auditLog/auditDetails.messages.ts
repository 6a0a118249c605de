/**
 * How the audit log's "Details" column reads (machines/auditLog/auditLog.details.ts): the phrases
 * around the recorded values. The values themselves (names, emails, role names, prefixes,
 * addresses) are data and stay as recorded.
 */
import { defineMessages } from '../../contract/messages.ts'

export const auditDetailsMessages = defineMessages('auditDetails', {
  listSeparator: ', ',
  partSeparator: ' · ',
  listMore: '{names} and {count, plural, one {# more} other {# more}}',
  roles: 'Roles: {names}',
  hadRoles: 'Had roles: {names}',
  newAccount: 'New account',
  waiting: 'Waiting for an answer',
  added: 'Added {names}',
  removed: 'Removed {names}',
  grants: 'Grants {names}',
  granted: 'Granted {names}',
  noPermissions: 'No permissions',
  renamed: 'Renamed from “{from}” to “{to}”',
  descriptionChanged: 'Description changed',
  fromTo: 'From “{from}” to “{to}”',
  nowRequired: 'Now required for every member',
  noLongerRequired: 'No longer required',
  withRecoveryCode: 'With a recovery code',
  withAuthenticatorCode: 'With an authenticator code',
  browserOnOs: '{browser} on {os}',
  thisSession: 'This session',
  syncedPasskey: 'Synced passkey',
  thisDeviceOnly: 'This device only',
  key: 'Key {prefix}…',
  actsAs: 'Acts as {name}',
  noExpiry: 'No expiry',
  events: 'Events: {names}',
  enabled: 'Enabled',
  disabled: 'Disabled',
  urlChanged: 'URL from “{from}” to “{to}”',
  field: '{name}: {value}',
  /** One permission: an action on a resource ('View Billing'). */
  permission: '{action} {resource}',
})
