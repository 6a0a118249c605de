import { createActor, fromCallback } from 'xstate'
import { describe, expect, it } from 'vitest'
import { walkEveryTransition } from '../testing/model-walk.ts'
import type { PaletteCommand, PaletteItem } from './commandPalette.items.ts'
import { type CommandPaletteInput, RECENT_CAP, commandPaletteMachine } from './commandPalette.machine.ts'
import { results } from './commandPalette.results.ts'

const items: PaletteItem[] = [
  { id: 'page:/app/setting/team', kind: 'page', label: 'Team Members', section: 'Account & Billing', command: { kind: 'navigate', path: '/app/setting/team' } },
  { id: 'workspace:globex', kind: 'workspace', label: 'Globex', command: { kind: 'switchWorkspace', orgId: 'globex' } },
  { id: 'action:showShortcuts', kind: 'action', label: 'Keyboard shortcuts', command: { kind: 'showShortcuts' } },
]
// Permissions changed while open: the team page is gone.
const fewer = items.slice(1)

const events = [
  { type: 'palette.mounted' },
  { type: 'palette.unmounted' },
  { type: 'palette.open' },
  { type: 'palette.toggle' },
  { type: 'palette.close' },
  { type: 'palette.query', query: 'team' },
  { type: 'palette.query', query: 'zzz' },
  { type: 'palette.query', query: '' },
  { type: 'palette.typed', key: 'm' },
  { type: 'palette.typed', key: 'Backspace' },
  { type: 'palette.itemsChanged', items },
  { type: 'palette.itemsChanged', items: fewer },
  { type: 'palette.labelsChanged', labels: { 'action:signOut': 'Abmelden' } },
  { type: 'palette.highlight', id: 'workspace:globex' },
  { type: 'palette.highlight', id: 'page:/app/unknown' },
  { type: 'palette.move', to: 'next' },
  { type: 'palette.move', to: 'previous' },
  { type: 'palette.move', to: 'first' },
  { type: 'palette.move', to: 'last' },
  { type: 'palette.run' },
  { type: 'palette.run', id: 'page:/app/setting/team' },
  { type: 'palette.run', id: 'action:showShortcuts' },
  { type: 'palette.personChanged', person: 'ada', recent: [] },
  { type: 'shortcuts.open' },
  { type: 'shortcuts.close' },
] as never[]

async function walk(input: CommandPaletteInput) {
  return walkEveryTransition({
    machine: commandPaletteMachine,
    input,
    events,
    // The whole recent list would multiply the states by its orders; its head is what the guards and the highlight read.
    // The query counts through what it shows (typed keys lengthen it without end; the results do not grow).
    serializeState: (s) =>
      JSON.stringify([s.value, results(s.context).flat.map((i) => i.id), s.context.query === '', s.context.highlightedId, s.context.recent[0] ?? null, s.context.items.length]),
    start: (inspect) => {
      let listening = 0
      let typing = 0
      const ran: PaletteCommand[] = []
      const emitted: PaletteCommand[] = []
      let stored: ReadonlyArray<string> | undefined
      const actor = createActor(
        commandPaletteMachine.provide({
          actors: {
            keyboardShortcuts: fromCallback(() => {
              listening++
              return () => {
                listening--
              }
            }),
            typing: fromCallback(() => {
              typing++
              return () => {
                typing--
              }
            }),
          },
          actions: {
            runCommand: (_, p) => void ran.push(p.command),
            storeRecent: (_, p) => {
              stored = p.recent
            },
          },
        }),
        { input, inspect },
      )
      actor.on('palette.ran', (e) => void emitted.push(e.item.command))
      actor.start()
      return {
        actor,
        exec: (event) => {
          // Another person's list comes from storage, not from what was stored for the last one.
          if ((event as { type: string }).type === 'palette.personChanged') stored = undefined
          actor.send(event)
        },
        check: (s) => {
          // Ctrl/Cmd+K and '?' are listened to only while a shell is on screen.
          expect(listening).toBe(s.matches('onscreen') ? 1 : 0)
          // Keys typed before the field has focus are listened to only while the palette is open.
          expect(typing).toBe(s.matches({ onscreen: 'palette' }) ? 1 : 0)
          const { flat } = results(s.context)
          if (s.matches({ onscreen: 'palette' })) {
            // Something is highlighted exactly when something matches, and it is one of the results.
            expect(s.context.highlightedId === null).toBe(flat.length === 0)
            if (s.context.highlightedId !== null) expect(flat.map((i) => i.id)).toContain(s.context.highlightedId)
          }
          // Every run is carried out once and announced once; the help is never "run" outward.
          expect(emitted).toEqual(ran)
          expect(ran.some((c) => c.kind === 'showShortcuts')).toBe(false)
          // Recent choices: newest first, no duplicates, capped, and what is stored is what is kept.
          expect(new Set(s.context.recent).size).toBe(s.context.recent.length)
          expect(s.context.recent.length).toBeLessThanOrEqual(RECENT_CAP)
          if (stored !== undefined) expect(stored).toEqual(s.context.recent)
        },
        stop: () => actor.stop(),
      }
    },
  })
}

describe('commandPalette (model)', () => {
  it('walks every transition on a real actor, from no recent choices and from a full recent list', async () => {
    const fresh = await walk({ items, person: 'ada', recent: [] })
    const seasoned = await walk({ items, person: 'ada', recent: ['workspace:globex', 'a', 'b', 'c', 'd', 'e'] })
    expect(fresh.failures).toEqual([])
    expect(seasoned.failures).toEqual([])
    const walked = new Set([...fresh.walked, ...seasoned.walked])
    expect(fresh.defined.filter((t) => !walked.has(t))).toEqual([])
    expect(fresh.defined.length).toBeGreaterThan(0)
  })
})

describe('commandPalette', () => {
  it('Scenario: Enter runs the highlighted item, which becomes the most recent choice and leads the next open', () => {
    const ran: PaletteCommand[] = []
    const actor = createActor(commandPaletteMachine.provide({ actions: { runCommand: (_, p) => void ran.push(p.command) } }), { input: { items } }).start()
    actor.send({ type: 'palette.mounted' })
    actor.send({ type: 'palette.toggle' })
    actor.send({ type: 'palette.query', query: 'glx' })
    expect(actor.getSnapshot().context.highlightedId).toBe('workspace:globex')
    actor.send({ type: 'palette.run' })
    expect(ran).toEqual([{ kind: 'switchWorkspace', orgId: 'globex' }])
    expect(actor.getSnapshot().matches({ onscreen: 'closed' })).toBe(true)
    actor.send({ type: 'palette.open' })
    const { sections } = results(actor.getSnapshot().context)
    expect(sections[0]).toMatchObject({ id: 'recent', items: [{ id: 'workspace:globex' }] })
    expect(actor.getSnapshot().context.highlightedId).toBe('workspace:globex')
  })

  it('Scenario: arrows wrap around, Home and End go to the ends', () => {
    const actor = createActor(commandPaletteMachine, { input: { items } }).start()
    actor.send({ type: 'palette.mounted' })
    actor.send({ type: 'palette.open' })
    const id = () => actor.getSnapshot().context.highlightedId
    expect(id()).toBe('page:/app/setting/team')
    // The list's order: pages, actions, then workspaces.
    actor.send({ type: 'palette.move', to: 'previous' })
    expect(id()).toBe('workspace:globex')
    actor.send({ type: 'palette.move', to: 'next' })
    expect(id()).toBe('page:/app/setting/team')
    actor.send({ type: 'palette.move', to: 'last' })
    expect(id()).toBe('workspace:globex')
    actor.send({ type: 'palette.move', to: 'first' })
    expect(id()).toBe('page:/app/setting/team')
  })
})
