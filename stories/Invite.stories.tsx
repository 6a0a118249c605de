import type { Meta } from '@storybook/react-vite'
import { createActor, fromPromise } from 'xstate'
import type { PermissionSet } from '../contract/api.ts'
import type { InviteMemberResponse } from '../contract/team.ts'
import { acmeSets, supportAgentSet } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { type InviteContext, inviteMachine } from '../machines/team/invite.machine.ts'
import { InviteMemberView } from '../src/pages/settings/InviteMemberView.tsx'
import { pending, starter, viewing, withProviders } from './settings-stories.tsx'

/** Invite member (SPEC §2.4), one story per state. */
const meta: Meta = { title: 'Machines/invite', decorators: [withProviders] }
export default meta

const inviteDefaults: InviteContext = { sets: acmeSets, email: '', fullName: '', selection: [], fieldErrors: {}, formError: null, loadError: null }

function inviteIn(value: string, context: Partial<InviteContext> = {}) {
  return starter(() => {
    const machine = inviteMachine.provide({
      actors: {
        loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()),
        inviteMember: fromPromise(() => pending<InviteMemberResponse>()),
      },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { ...inviteDefaults, ...context } }) }).start()
  }, { machine: inviteMachine.id, state: value })
}

/** `loading`: the roles to choose from are on their way. */
export const InviteLoading = viewing(inviteIn('loading', { sets: null }), InviteMemberView)

/** `loadFailed`. */
export const InviteLoadFailed = viewing(inviteIn('loadFailed', { sets: null, loadError: 'Could not load the roles. Please try again.' }), InviteMemberView)

/** `editing`, empty, with the note about the emailed invitation. */
export const InviteEditing = viewing(inviteIn('editing'), InviteMemberView)

/** `editing` after submitting an empty form. */
export const InviteWithErrors = viewing(
  inviteIn('editing', { fieldErrors: { email: 'Enter a valid email address', permission_set_ids: 'Choose at least one role' } }),
  InviteMemberView,
)

/** `editing` after a 409: the person is already a member. */
export const InviteAlreadyMember = viewing(
  inviteIn('editing', { email: 'admin@acme.test', selection: [supportAgentSet._id], fieldErrors: { email: 'Already a member' } }),
  InviteMemberView,
)

/** `sending`: the form is locked until the server answers. */
export const InviteSending = viewing(
  inviteIn('sending', { email: 'nina@acme.test', fullName: 'Nina Newbie', selection: [supportAgentSet._id] }),
  InviteMemberView,
)
