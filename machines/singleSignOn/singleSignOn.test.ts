import { createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import { SSO_MESSAGES, type SsoSettings, type SsoSettingsInput, type SsoTestResponse } from '../../contract/sso.ts'
import { controllable } from '../testing/stubs.ts'
import { acmeConnection, acmeDiscovery, notConfigured } from './singleSignOn.fixtures.ts'
import { SSO_LOAD_FAILED_MESSAGE, type SingleSignOnEmitted, parseDomains, singleSignOnMachine } from './singleSignOn.machine.ts'
import * as sel from './singleSignOn.selectors.ts'

const apiError = (status: number, code: string, message: string, issues: Array<{ path: Array<string | number>; message: string }> = []) =>
  Object.assign(new Error(message), { status, code, issues })

function start() {
  const loadSettings = controllable<SsoSettings, void>()
  const saveSettings = controllable<SsoSettings, SsoSettingsInput>()
  const removeSettings = controllable<void, void>()
  const testConnection = controllable<SsoTestResponse, { issuer: string }>()
  const actor = createActor(
    singleSignOnMachine.provide({
      actors: { loadSettings: loadSettings.logic, saveSettings: saveSettings.logic, removeSettings: removeSettings.logic, testConnection: testConnection.logic },
    }),
  )
  const emitted: SingleSignOnEmitted[] = []
  actor.on('*', (e) => emitted.push(e))
  actor.start()
  const snap = () => actor.getSnapshot()
  const type = (field: 'issuer' | 'clientId' | 'clientSecret' | 'domains', value: string) => actor.send({ type: 'singleSignOn.change', field, value })
  const fieldError = (field: Parameters<typeof sel.selectSsoFieldError>[0]) => sel.selectSsoFieldError(field)(snap())
  return { actor, snap, type, fieldError, emitted, loadSettings, saveSettings, removeSettings, testConnection }
}

describe('singleSignOn', () => {
  it('Scenario: a saved connection fills the form; the secret stays empty and the domains are listed one per line', async () => {
    const { snap, loadSettings } = start()
    expect(sel.selectSsoStatus(snap())).toBe('loading')
    await loadSettings.resolve(acmeConnection)
    expect(snap().matches({ ready: 'configured' })).toBe(true)
    expect(sel.selectSsoDraft(snap())).toEqual({
      issuer: 'https://login.acme.example',
      clientId: 'engage-acme',
      clientSecret: '',
      domains: 'acme.test\nacme-support.example',
      requireSso: false,
    })
    expect(sel.selectHasClientSecret(snap())).toBe(true)
    expect(sel.selectIsSsoConfigured(snap())).toBe(true)
    expect(sel.selectCanSaveSso(snap())).toBe(false)
  })

  it('Scenario: a failed load says why and Try again loads again', async () => {
    const { actor, snap, loadSettings } = start()
    await loadSettings.reject(new TypeError('x is undefined'))
    expect(sel.selectSsoStatus(snap())).toBe('failed')
    expect(sel.selectSsoLoadError(snap())).toBe(SSO_LOAD_FAILED_MESSAGE)
    actor.send({ type: 'singleSignOn.retry' })
    expect(sel.selectSsoStatus(snap())).toBe('loading')
    await loadSettings.resolve(notConfigured)
    expect(snap().matches({ ready: 'notConfigured' })).toBe(true)
  })

  it('Scenario: a first connection without a secret, or with a broken domain, is not sent; the errors sit under their fields', async () => {
    const { actor, snap, type, fieldError, loadSettings, saveSettings } = start()
    await loadSettings.resolve(notConfigured)
    type('issuer', 'https://idp.example')
    type('clientId', 'engage')
    type('domains', 'example.com, not a domain')
    expect(snap().matches({ ready: 'editing' })).toBe(true)
    actor.send({ type: 'singleSignOn.save' })
    expect(snap().matches({ ready: 'editing' })).toBe(true)
    expect(saveSettings.calls).toEqual([])
    expect(fieldError('client_secret')).toBe(SSO_MESSAGES.secretRequired)
    // "not a domain" splits into three words; the first one is named.
    expect(fieldError('domains')).toBe(`not: ${SSO_MESSAGES.domain}`)
    // Typing in a field takes its error away, not the others'.
    type('clientSecret', 's3cret')
    expect(fieldError('client_secret')).toBeNull()
    expect(fieldError('domains')).not.toBeNull()
  })

  it('Scenario: saving sends the typed domains as a list and no secret when none was typed, then shows what the server saved', async () => {
    const { actor, snap, type, emitted, loadSettings, saveSettings } = start()
    await loadSettings.resolve(acmeConnection)
    type('domains', 'Acme.test,\nacme-support.example  new.example')
    actor.send({ type: 'singleSignOn.setRequireSso', value: true })
    actor.send({ type: 'singleSignOn.save' })
    expect(sel.selectIsSsoSaving(snap())).toBe(true)
    expect(sel.selectIsSsoBusy(snap())).toBe(true)
    expect(saveSettings.calls).toEqual([
      { issuer: 'https://login.acme.example', client_id: 'engage-acme', domains: ['Acme.test', 'acme-support.example', 'new.example'], require_sso: true },
    ])
    const saved = { ...acmeConnection, domains: ['acme-support.example', 'acme.test', 'new.example'], require_sso: true }
    await saveSettings.resolve(saved)
    expect(sel.selectIsSsoSaved(snap())).toBe(true)
    expect(sel.selectSsoDraft(snap()).domains).toBe('acme-support.example\nacme.test\nnew.example')
    expect(sel.selectSavedDomains(snap())).toEqual(saved.domains)
    expect(emitted).toEqual([{ type: 'singleSignOn.saved', settings: saved }])
    // The next edit leaves 'Saved'.
    actor.send({ type: 'singleSignOn.setRequireSso', value: false })
    expect(snap().matches({ ready: 'editing' })).toBe(true)
  })

  it('Scenario: a typed secret is sent once and the form forgets it after saving', async () => {
    const { actor, snap, type, loadSettings, saveSettings } = start()
    await loadSettings.resolve(acmeConnection)
    type('clientSecret', 'a-new-secret')
    actor.send({ type: 'singleSignOn.save' })
    expect(saveSettings.calls[0]).toMatchObject({ client_secret: 'a-new-secret' })
    await saveSettings.resolve(acmeConnection)
    expect(sel.selectSsoDraft(snap()).clientSecret).toBe('')
  })

  it("Scenario: the server's issues land under their fields: a domain another workspace has", async () => {
    const { actor, snap, type, fieldError, loadSettings, saveSettings } = start()
    await loadSettings.resolve(acmeConnection)
    type('domains', 'umbrella.test')
    actor.send({ type: 'singleSignOn.save' })
    const message = 'umbrella.test is already used by another workspace.'
    await saveSettings.reject(apiError(409, 'conflict', message, [{ path: ['domains'], message }]))
    expect(snap().matches({ ready: 'editing' })).toBe(true)
    expect(fieldError('domains')).toBe(message)
    expect(sel.selectSsoFormError(snap())).toBeNull()
  })

  it("Scenario: a 400 at one domain names it; a cancelled 'Confirm it's you' is said above the form", async () => {
    const { actor, snap, type, fieldError, loadSettings, saveSettings } = start()
    await loadSettings.resolve(acmeConnection)
    type('domains', 'acme.test\nlocalhost')
    actor.send({ type: 'singleSignOn.save' })
    // "localhost" has no dot: the form refuses it before anything is sent.
    expect(saveSettings.calls).toEqual([])
    expect(fieldError('domains')).toBe(`localhost: ${SSO_MESSAGES.domain}`)
    type('domains', 'acme.test\nacme.example')
    actor.send({ type: 'singleSignOn.save' })
    await saveSettings.reject(apiError(400, 'invalid_request', 'Invalid request', [{ path: ['domains', 1], message: 'Not allowed' }]))
    expect(fieldError('domains')).toBe('acme.example: Not allowed')
    actor.send({ type: 'singleSignOn.save' })
    const refused = "Confirm it's you to make this change: enter your password, a code or use a passkey."
    await saveSettings.reject(apiError(403, 'reverification_required', refused))
    expect(sel.selectSsoFormError(snap())).toBe(refused)
    expect(snap().matches({ ready: 'editing' })).toBe(true)
  })

  it('Scenario: Test connection tries the typed issuer: "Connected to …", or the reason; a new issuer forgets the last test', async () => {
    const { actor, snap, type, fieldError, loadSettings, testConnection } = start()
    await loadSettings.resolve(acmeConnection)
    actor.send({ type: 'singleSignOn.test' })
    expect(sel.selectIsSsoTesting(snap())).toBe(true)
    expect(testConnection.calls).toEqual([{ issuer: 'https://login.acme.example' }])
    await testConnection.resolve(acmeDiscovery)
    expect(sel.selectSsoTest(snap())).toEqual({ outcome: 'connected', issuer: 'https://login.acme.example' })
    expect(snap().matches({ ready: 'configured' })).toBe(true)

    type('issuer', '  https://127.0.0.1:1  ')
    expect(sel.selectSsoTest(snap())).toBeNull()
    actor.send({ type: 'singleSignOn.test' })
    expect(testConnection.calls.at(-1)).toEqual({ issuer: 'https://127.0.0.1:1' })
    await testConnection.reject(apiError(502, 'internal_error', 'The identity provider at https://127.0.0.1:1 could not be reached.'))
    expect(sel.selectSsoTest(snap())).toEqual({ outcome: 'failed', message: 'The identity provider at https://127.0.0.1:1 could not be reached.' })
    // The draft is still there to fix.
    expect(snap().matches({ ready: 'editing' })).toBe(true)

    type('issuer', 'http://idp.example')
    actor.send({ type: 'singleSignOn.test' })
    expect(testConnection.calls).toHaveLength(2)
    expect(fieldError('issuer')).toBe(SSO_MESSAGES.issuer)
  })

  it('Scenario: with nothing typed, Test connection asks for the issuer', async () => {
    const { actor, snap, fieldError, loadSettings, testConnection } = start()
    await loadSettings.resolve(notConfigured)
    actor.send({ type: 'singleSignOn.test' })
    expect(testConnection.calls).toEqual([])
    expect(fieldError('issuer')).not.toBeNull()
    expect(snap().matches({ ready: 'notConfigured' })).toBe(true)
  })

  it('Scenario: Remove single sign-on asks first; Cancel keeps it; confirmed, the form is empty and the requirement off', async () => {
    const { actor, snap, emitted, loadSettings, removeSettings } = start()
    await loadSettings.resolve({ ...acmeConnection, require_sso: true })
    actor.send({ type: 'singleSignOn.remove' })
    expect(sel.selectIsConfirmingSsoRemoval(snap())).toBe(true)
    actor.send({ type: 'singleSignOn.cancel' })
    expect(snap().matches({ ready: 'configured' })).toBe(true)
    actor.send({ type: 'singleSignOn.remove' })
    actor.send({ type: 'singleSignOn.confirmRemove' })
    expect(sel.selectIsSsoRemoving(snap())).toBe(true)
    await removeSettings.resolve(undefined)
    expect(snap().matches({ ready: 'notConfigured' })).toBe(true)
    expect(sel.selectSsoDraft(snap())).toEqual({ issuer: '', clientId: '', clientSecret: '', domains: '', requireSso: false })
    expect(sel.selectRedirectUri(snap())).toBe(acmeConnection.redirect_uri)
    expect(emitted).toEqual([{ type: 'singleSignOn.removed' }])
  })

  it('Scenario: a connection already gone counts as removed; any other refusal keeps it and says why', async () => {
    const first = start()
    await first.loadSettings.resolve(acmeConnection)
    first.actor.send({ type: 'singleSignOn.remove' })
    first.actor.send({ type: 'singleSignOn.confirmRemove' })
    await first.removeSettings.reject(apiError(404, 'not_found', 'This workspace has no single sign-on connection.'))
    expect(first.snap().matches({ ready: 'notConfigured' })).toBe(true)

    const second = start()
    await second.loadSettings.resolve(acmeConnection)
    second.type('clientId', 'changed')
    second.actor.send({ type: 'singleSignOn.remove' })
    second.actor.send({ type: 'singleSignOn.confirmRemove' })
    await second.removeSettings.reject(apiError(500, 'internal_error', 'Something went wrong on our side.'))
    // Back to the draft as it was, with the reason above the form.
    expect(second.snap().matches({ ready: 'editing' })).toBe(true)
    expect(sel.selectSsoDraft(second.snap()).clientId).toBe('changed')
    expect(sel.selectSsoFormError(second.snap())).toBe('Something went wrong on our side.')
    expect(second.emitted).toEqual([])
  })

  it('parseDomains splits on commas, semicolons, spaces and lines', () => {
    expect(parseDomains(' a.example,b.example;\n\nc.example  d.example ')).toEqual(['a.example', 'b.example', 'c.example', 'd.example'])
    expect(parseDomains('')).toEqual([])
  })
})
