import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { TokenResponse, User } from '../../contract/api.ts'
import { walkEveryTransition } from '../testing/model-walk.ts'
import { controllable, flush, settleActorEvent } from '../testing/stubs.ts'
import { passwordErrors, profileErrors, profileSettingsMachine } from './profileSettings.machine.ts'

const ada: User = { _id: 'u-ada', fullName: 'Ada Admin', email: 'admin@acme.test', image: null }
const wrongPassword = { status: 400, code: 'invalid_request', message: 'Your current password is incorrect', issues: [{ path: ['currentPassword'], message: 'Your current password is incorrect' }] }
const tooLong = { status: 400, code: 'invalid_request', message: 'Invalid request', issues: [{ path: ['fullName'], message: 'Full name must be at most 120 characters' }] }

const events = [
  { type: 'profile.changeName', value: 'Grace Hopper' },
  { type: 'profile.changeName', value: '' },
  // profile.changeImage is raised by a finished upload (an image URL typed by hand: scenario tests).
  { type: 'profile.save' },
  { type: 'avatar.picked', file: { name: 'me.png' } },
  { type: 'password.changeCurrent', value: 'demo-password' },
  { type: 'password.changeNew', value: 'a-brand-new-password' },
  { type: 'password.submit' },
  { type: 'xstate.done.actor.saveProfile', output: { ...ada, fullName: 'Grace Hopper' } },
  { type: 'xstate.error.actor.saveProfile', error: tooLong },
  { type: 'xstate.done.actor.uploadAvatar', output: 'https://cdn.example/uploaded.png' },
  { type: 'xstate.error.actor.uploadAvatar', error: new Error('offline') },
  { type: 'xstate.done.actor.changePassword', output: { access_token: 'a2', refresh_token: 'r2', expires_in: 300 } },
  { type: 'xstate.error.actor.changePassword', error: wrongPassword },
] as never[]

describe('profileSettings (model)', () => {
  it('walks every transition: nothing invalid is sent, server issues land on their fields, new tokens are adopted only after a change', async () => {
    const result = await walkEveryTransition({
      machine: profileSettingsMachine,
      input: { user: ada },
      events,
      // Guards read only validity, so the model keeps which fields are invalid, not the values.
      serializeState: (s) => JSON.stringify([s.value, Object.keys(profileErrors(s.context)).sort(), Object.keys(passwordErrors(s.context)).sort()]),
      start: (inspect) => {
        const save = controllable<User, { fullName: string; image: string | null }>()
        const upload = controllable<string, { file: File }>()
        const change = controllable<TokenResponse, { currentPassword: string; newPassword: string }>()
        const adopted: TokenResponse[] = []
        const emitted: string[] = []
        const actor = createActor(
          profileSettingsMachine.provide({
            actors: { saveProfile: save.logic, uploadAvatar: upload.logic, changePassword: change.logic },
            actions: { adoptTokens: (_, params) => void adopted.push(params.tokens) },
          }),
          { input: { user: ada }, inspect },
        )
        actor.on('*', (e) => void emitted.push(e.type))
        actor.start()
        return {
          actor,
          exec: async (event) => {
            if (await settleActorEvent(event as { type: string }, { saveProfile: save, uploadAvatar: upload, changePassword: change })) return
            actor.send(event)
            await flush()
          },
          check: (s) => {
            // Only valid forms were sent.
            for (const call of save.calls) expect(profileErrors({ fullName: call.fullName, image: call.image ?? '' })).toEqual({})
            for (const call of change.calls) expect(passwordErrors(call)).toEqual({})
            // Tokens are adopted once per successful change, and the passwords are then forgotten.
            expect(adopted).toHaveLength(emitted.filter((t) => t === 'profile.passwordChanged').length)
            if (s.matches({ password: 'changed' })) expect([s.context.currentPassword, s.context.newPassword]).toEqual(['', ''])
            if (s.matches({ avatar: 'failed' })) expect(s.context.avatarError).not.toBeNull()
            else expect(s.context.avatarError).toBeNull()
          },
          stop: () => actor.stop(),
        }
      },
    })
    expect(result.failures).toEqual([])
    expect(result.unwalked).toEqual([])
  }, 60_000)
})
