import { SimulatedClock, createActor } from 'xstate'
import { describe, expect, it } from 'vitest'
import type { BotCheckConfigResponse, VerifyBotCheckResponse } from '../../contract/botcheck.ts'
import { apiError } from '../testing/fixtures.ts'
import { controllable, flush } from '../testing/stubs.ts'
import { VERIFICATION_RETRY_DELAY_MS, type VerificationGateInput, verificationGateMachine } from './verificationGate.machine.ts'
import { selectGateView } from './verificationGate.selectors.ts'

function gate(input: VerificationGateInput = {}) {
  const clock = new SimulatedClock()
  const loadConfig = controllable<BotCheckConfigResponse>()
  const verifyToken = controllable<VerifyBotCheckResponse, { token: string }>()
  const logged: Array<{ source: string; error: unknown }> = []
  const memory = { remembered: false }
  const actor = createActor(
    verificationGateMachine.provide({
      actors: { loadConfig: loadConfig.logic, verifyToken: verifyToken.logic },
      actions: {
        rememberVerified: (_, params) => void (memory.remembered = params.proof === 'p1.proof'),
        logFailure: (_, params) => void logged.push(params),
      },
    }),
    { input, clock },
  ).start()
  const view = () => selectGateView(actor.getSnapshot())
  return { actor, clock, loadConfig, verifyToken, logged, memory, view }
}

describe(verificationGateMachine.id, () => {
  it('Scenario: the ALTCHA widget solves, the server agrees, the gate opens and the session remembers it', async () => {
    const g = gate()
    // Until the configuration answers, the view knows it blocks but not whether a check is needed.
    expect(g.view()).toEqual({ blocking: true, deciding: true, widget: null })
    await g.loadConfig.resolve({ provider: 'altcha', turnstileSiteKey: null })
    expect(g.view()).toEqual({ blocking: true, deciding: false, widget: { provider: { kind: 'altcha' }, attempt: 0 } })
    g.actor.send({ type: 'botCheck.solved', token: 'payload-1' })
    expect(g.actor.getSnapshot().value).toBe('verifying')
    expect(g.verifyToken.calls).toEqual([{ token: 'payload-1' }])
    // The widget stays while the server checks (no flicker), and the gate still blocks.
    expect(g.view()).toEqual({ blocking: true, deciding: false, widget: { provider: { kind: 'altcha' }, attempt: 0 } })
    await g.verifyToken.resolve({ verified: true, proof: 'p1.proof', expires_in: 600 })
    expect(g.actor.getSnapshot().value).toBe('verified')
    expect(g.view()).toEqual({ blocking: false, deciding: false, widget: null })
    expect(g.memory.remembered).toBe(true)
    expect(g.logged).toEqual([])
  })

  it('Scenario: the server refuses the token: logged only, the gate stays up, and a fresh widget tries again after 3 s', async () => {
    const g = gate()
    await g.loadConfig.resolve({ provider: 'turnstile', turnstileSiteKey: 'site-1' })
    g.actor.send({ type: 'botCheck.solved', token: 'used-token' })
    const refusal = apiError(403, 'bot_check_failed', 'The verification token was already used. Please verify again.')
    await g.verifyToken.reject(refusal)
    expect(g.actor.getSnapshot().matches({ unverified: 'waiting' })).toBe(true)
    expect(g.view()).toEqual({ blocking: true, deciding: false, widget: null })
    expect(g.logged).toEqual([{ source: 'verify', error: refusal }])
    expect(g.memory.remembered).toBe(false)
    g.clock.increment(VERIFICATION_RETRY_DELAY_MS - 1)
    await flush()
    expect(g.view().widget).toBeNull()
    g.clock.increment(1)
    await flush()
    expect(g.view()).toEqual({ blocking: true, deciding: false, widget: { provider: { kind: 'turnstile', siteKey: 'site-1' }, attempt: 1 } })
  })

  it('Scenario: a widget error is logged and retried with a new widget; the configuration is not fetched again', async () => {
    const g = gate()
    await g.loadConfig.resolve({ provider: 'altcha', turnstileSiteKey: null })
    const error = new Error('Failed to fetch challenge.')
    g.actor.send({ type: 'botCheck.failed', error })
    expect(g.logged).toEqual([{ source: 'widget', error }])
    g.clock.increment(VERIFICATION_RETRY_DELAY_MS)
    await flush()
    expect(g.view().widget?.attempt).toBe(1)
    expect(g.loadConfig.calls).toHaveLength(1)
  })

  it('Scenario: the configuration cannot load (offline): logged, and loaded again after the delay', async () => {
    const g = gate()
    await g.loadConfig.reject(new Error('network_error'))
    expect(g.logged.map((l) => l.source)).toEqual(['config'])
    // Still deciding while it waits to ask again: the view keeps the splash, it does not flip to the modal.
    expect(g.view()).toEqual({ blocking: true, deciding: true, widget: null })
    g.clock.increment(VERIFICATION_RETRY_DELAY_MS)
    await flush()
    expect(g.loadConfig.calls).toHaveLength(2)
    await g.loadConfig.resolve({ provider: 'altcha', turnstileSiteKey: null })
    expect(g.view().widget).toEqual({ provider: { kind: 'altcha' }, attempt: 0 })
  })

  it('Scenario: BOT_CHECK=off on the server opens the gate without a widget, and the session does not remember it', async () => {
    const g = gate()
    await g.loadConfig.resolve({ provider: 'off', turnstileSiteKey: null })
    expect(g.view()).toEqual({ blocking: false, deciding: false, widget: null })
    expect(g.memory.remembered).toBe(false)
    expect(g.verifyToken.calls).toEqual([])
  })

  it('Scenario: told to skip, or already verified in this session: open at once, nothing loaded', () => {
    for (const input of [{ skip: true }, { remembered: true }]) {
      const g = gate(input)
      expect(g.actor.getSnapshot().value).toBe('verified')
      expect(g.loadConfig.calls).toEqual([])
      expect(g.view().blocking).toBe(false)
    }
  })

  it('Scenario: a token sent while the configuration loads or while waiting is ignored (no widget is shown then)', async () => {
    const g = gate()
    g.actor.send({ type: 'botCheck.solved', token: 'early' })
    expect(g.actor.getSnapshot().matches({ unverified: 'loading' })).toBe(true)
    await g.loadConfig.resolve({ provider: 'altcha', turnstileSiteKey: null })
    g.actor.send({ type: 'botCheck.failed', error: new Error('x') })
    g.actor.send({ type: 'botCheck.solved', token: 'stale' })
    expect(g.actor.getSnapshot().matches({ unverified: 'waiting' })).toBe(true)
    expect(g.verifyToken.calls).toEqual([])
  })
})
