import { describe, expect, it } from 'vitest'
import { createActor, createMachine, fromCallback } from 'xstate'
import { createInspectionHub, redact } from './inspection.ts'

const child = createMachine({ id: 'child', initial: 'off', context: { accessToken: 'secret-value', count: 1 }, states: { off: { on: { 'child.toggle': 'on' } }, on: {} } })
const root = createMachine({
  id: 'root',
  invoke: [
    { id: 'child', systemId: 'child', src: child },
    { id: 'listener', src: fromCallback(() => () => {}) },
  ],
  on: { 'root.ping': { actions: () => {} } },
})

describe('dev inspection hub', () => {
  it('Scenario: lists the actors already running, then the events and snapshots after', () => {
    const actor = createActor(root).start()
    const hub = createInspectionHub(actor, { limit: 2 })
    expect(hub.actors().map((a) => [a.id, a.systemId])).toEqual([
      [actor.id, null],
      ['child', 'child'],
      ['listener', null],
    ])
    const childRef = actor.system.get('child')!
    childRef.send({ type: 'child.toggle' })
    expect(hub.actors().find((a) => a.systemId === 'child')!.snapshot.value).toBe('on')
    actor.send({ type: 'root.ping' })
    actor.send({ type: 'root.ping' })
    // Newest first, at most `limit`.
    expect(hub.events().map((e) => e.type)).toEqual(['root.ping', 'root.ping'])
    hub.stop()
    actor.stop()
  })

  it('Scenario: redacts tokens and passwords in context', () => {
    const actor = createActor(root).start()
    const hub = createInspectionHub(actor)
    expect(hub.actors().find((a) => a.systemId === 'child')!.snapshot.context).toEqual({ accessToken: '[redacted]', count: 1 })
    expect(redact({ tokens: { a: 1 }, nested: { password: 'x', ok: true }, none: null })).toEqual({ tokens: '[redacted]', nested: { password: '[redacted]', ok: true }, none: null })
    hub.stop()
    actor.stop()
  })

  it('Scenario: tells subscribers about every change', () => {
    const actor = createActor(root).start()
    const hub = createInspectionHub(actor)
    let calls = 0
    const off = hub.subscribe(() => calls++)
    actor.send({ type: 'root.ping' })
    expect(calls).toBeGreaterThan(0)
    off()
    const before = calls
    actor.send({ type: 'root.ping' })
    expect(calls).toBe(before)
    hub.stop()
    actor.stop()
  })
})

describe('dev tools switches', () => {
  it('Scenario: ?inspect opens the panel, ?inspect=stately or VITE_STATELY_INSPECT=1 connects Stately', async () => {
    const { inspectRequest } = await import('./install.ts')
    expect(inspectRequest('?inspect', {})).toEqual({ panel: true, stately: false })
    expect(inspectRequest('?x=1&inspect=1', {})).toEqual({ panel: true, stately: false })
    expect(inspectRequest('?inspect=stately', {})).toEqual({ panel: false, stately: true })
    expect(inspectRequest('', { VITE_STATELY_INSPECT: '1' })).toEqual({ panel: false, stately: true })
    expect(inspectRequest('', {})).toEqual({ panel: false, stately: false })
  })

  it('Scenario: Alt+Shift+I toggles the panel, not Ctrl+Shift+I (DevTools)', async () => {
    const { isInspectorShortcut } = await import('./install.ts')
    const key = { altKey: true, shiftKey: true, ctrlKey: false, metaKey: false, code: 'KeyI' }
    expect(isInspectorShortcut(key)).toBe(true)
    expect(isInspectorShortcut({ ...key, altKey: false, ctrlKey: true })).toBe(false)
    expect(isInspectorShortcut({ ...key, code: 'KeyJ' })).toBe(false)
  })
})

describe('dev tools stay out of production', () => {
  it('only src/main.tsx reaches src/dev, through a dynamic import behind import.meta.env.DEV', async () => {
    const { readFileSync, readdirSync } = await import('node:fs')
    const { join } = await import('node:path')
    const src = join(import.meta.dirname, '..')
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('dev/') && !f.endsWith('.test.ts') && !f.endsWith('.test.tsx'))
    const reaching = files.filter((f) => /from '[./]*dev\/|import\('[./]*dev\//.test(readFileSync(join(src, f), 'utf8')))
    expect(reaching).toEqual(['main.tsx'])
    const main = readFileSync(join(src, 'main.tsx'), 'utf8')
    expect(main).not.toMatch(/from '\.\/dev\//)
    expect(main).toMatch(/if \(import\.meta\.env\.DEV\) void import\('\.\/dev\/install\.ts'\)/)
  })
})
