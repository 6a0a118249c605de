import { createActor, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { TokenResponse, User } from '../../contract/api.ts'
import { flush } from '../testing/stubs.ts'
import { profileSettingsMachine } from './profileSettings.machine.ts'

const ada: User = { _id: 'u-ada', fullName: 'Ada Admin', email: 'admin@acme.test', image: null }

function start(overrides: { save?: (input: { fullName: string; image: string | null }) => Promise<User>; change?: () => Promise<TokenResponse>; upload?: () => Promise<string> } = {}) {
  const sent: unknown[] = []
  const adopted: TokenResponse[] = []
  const emitted: Array<{ type: string }> = []
  const actor = createActor(
    profileSettingsMachine.provide({
      actors: {
        saveProfile: fromPromise(async ({ input }) => {
          sent.push(input)
          return overrides.save ? overrides.save(input) : { ...ada, fullName: input.fullName, image: input.image }
        }),
        changePassword: fromPromise(async ({ input }) => {
          sent.push(input)
          return overrides.change ? overrides.change() : { access_token: 'a2', refresh_token: 'r2', expires_in: 300 }
        }),
        uploadAvatar: fromPromise(async () => (overrides.upload ? overrides.upload() : 'https://files.example/u/me.png')),
      },
      actions: { adoptTokens: (_, params) => void adopted.push(params.tokens) },
    }),
    { input: { user: ada } },
  )
  actor.on('*', (e) => void emitted.push(e))
  actor.start()
  return { actor, sent, adopted, emitted }
}

describe(profileSettingsMachine.id, () => {
  it('Scenario: changing the name saves the trimmed name and announces it', async () => {
    const t = start()
    t.actor.send({ type: 'profile.changeName', value: '  Grace Hopper ' })
    t.actor.send({ type: 'profile.save' })
    await flush()
    expect(t.sent).toEqual([{ fullName: 'Grace Hopper', image: null }])
    expect(t.actor.getSnapshot().matches({ profile: 'saved' })).toBe(true)
    expect(t.emitted).toContainEqual({ type: 'profile.saved', user: { ...ada, fullName: 'Grace Hopper', image: null } })
  })

  it('Scenario: a too-long name or a non-http(s) image URL is refused before anything is sent', () => {
    const t = start()
    t.actor.send({ type: 'profile.changeName', value: 'x'.repeat(121) })
    t.actor.send({ type: 'profile.changeImage', value: 'javascript:alert(1)' })
    t.actor.send({ type: 'profile.save' })
    expect(t.sent).toEqual([])
    expect(t.actor.getSnapshot().context.profileErrors).toEqual({ fullName: 'Full name must be at most 120 characters', image: 'Use an http(s) image URL' })
  })

  it('Scenario: the server’s field issues show on the fields', async () => {
    const t = start({
      save: async () => Promise.reject({ status: 400, code: 'invalid_request', message: 'Invalid', issues: [{ path: ['image'], message: 'Use an http(s) image URL' }] }),
    })
    t.actor.send({ type: 'profile.changeImage', value: 'https://example.com/x.png' })
    t.actor.send({ type: 'profile.save' })
    await flush()
    expect(t.actor.getSnapshot().matches({ profile: 'editing' })).toBe(true)
    expect(t.actor.getSnapshot().context.profileErrors).toEqual({ image: 'Use an http(s) image URL' })
  })

  it('Scenario: an uploaded avatar fills the image field; Save persists it', async () => {
    const t = start()
    t.actor.send({ type: 'avatar.picked', file: new File(['x'], 'me.png', { type: 'image/png' }) })
    await flush()
    expect(t.actor.getSnapshot().context.image).toBe('https://files.example/u/me.png')
    t.actor.send({ type: 'profile.save' })
    await flush()
    expect(t.sent).toEqual([{ fullName: 'Ada Admin', image: 'https://files.example/u/me.png' }])
  })

  it('Scenario: a failed upload says why and keeps the old image', async () => {
    const uploadError = Object.assign(new Error('image upload failed: unsupported_type'), { name: 'UploadError', display: 'Choose a PNG, JPEG, WebP or GIF image.' })
    const t = start({ upload: () => Promise.reject(uploadError) })
    t.actor.send({ type: 'avatar.picked', file: new File(['x'], 'me.svg', { type: 'image/svg+xml' }) })
    await flush()
    expect(t.actor.getSnapshot().matches({ avatar: 'failed' })).toBe(true)
    expect(t.actor.getSnapshot().context).toMatchObject({ avatarError: 'Choose a PNG, JPEG, WebP or GIF image.', image: '' })
  })

  it('Scenario: a wrong current password shows on its field; the right one changes it and adopts the new tokens', async () => {
    let wrong = true
    const t = start({
      change: async () =>
        wrong
          ? Promise.reject({ status: 400, code: 'invalid_request', message: 'Your current password is incorrect', issues: [{ path: ['currentPassword'], message: 'Your current password is incorrect' }] })
          : { access_token: 'a2', refresh_token: 'r2', expires_in: 300 },
    })
    t.actor.send({ type: 'password.changeCurrent', value: 'guess' })
    t.actor.send({ type: 'password.changeNew', value: 'a-brand-new-password' })
    t.actor.send({ type: 'password.submit' })
    await flush()
    expect(t.actor.getSnapshot().context.passwordErrors).toEqual({ currentPassword: 'Your current password is incorrect' })
    expect(t.adopted).toEqual([])
    wrong = false
    t.actor.send({ type: 'password.changeCurrent', value: 'demo-password' })
    t.actor.send({ type: 'password.submit' })
    await flush()
    expect(t.actor.getSnapshot().matches({ password: 'changed' })).toBe(true)
    expect(t.adopted).toEqual([{ access_token: 'a2', refresh_token: 'r2', expires_in: 300 }])
    expect(t.actor.getSnapshot().context).toMatchObject({ currentPassword: '', newPassword: '' })
    expect(t.emitted.map((e) => e.type)).toEqual(['profile.passwordFailed', 'profile.passwordChanged'])
  })

  it('Scenario: a weak new password is refused before anything is sent', () => {
    const t = start()
    t.actor.send({ type: 'password.changeCurrent', value: 'demo-password' })
    t.actor.send({ type: 'password.changeNew', value: 'short' })
    t.actor.send({ type: 'password.submit' })
    expect(t.sent).toEqual([])
    expect(t.actor.getSnapshot().context.passwordErrors).toEqual({ newPassword: 'Use at least 10 characters' })
  })
})
