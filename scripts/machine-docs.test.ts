/**
 * Every machine's docs (its `<id>.docs.ts` beside the machine, gathered in machines/docs.ts) name
 * exactly its states and events, each with a sentence: the docs pages in Storybook and
 * docs/machines never show a state without its meaning, nor a sentence about a state that is gone.
 */
import { existsSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { machineDocs } from '../machines/docs.ts'
import { type MachineDocs, documentedEvents, documentedStates } from '../machines/machine-docs.ts'
import { machines } from '../machines/registry.ts'

const docsFileOf = (machineFile: string) => machineFile.replace(/\.machine\.ts$/, '.docs.ts')

describe('machine docs', () => {
  for (const entry of machines) {
    const id = entry.machine.id
    const file = docsFileOf(entry.file)
    it(`${id}: every state and event has a sentence, and no other key`, async () => {
      expect(existsSync(file), `write ${file}`).toBe(true)
      const docs = ((await import(`../${file}`)) as Record<string, MachineDocs | undefined>)[`${id}Docs`]
      if (!docs) throw new Error(`${file} exports no ${id}Docs`)
      expect(Object.keys(docs.states).sort()).toEqual(documentedStates(entry.machine).sort())
      expect(Object.keys(docs.events).sort()).toEqual(documentedEvents(entry.machine))
      for (const [key, text] of [...Object.entries(docs.states), ...Object.entries(docs.events)]) {
        expect(text.trim().length, `${id} ${key}`).toBeGreaterThan(10)
        expect(text, `${id} ${key}: a plain sentence ending with a full stop`).toMatch(/^[A-Z'‘"].*[.)]$/s)
      }
    })
  }

  it('machines/docs.ts gathers every machine’s docs', () => {
    expect(machines.filter((m) => machineDocs[m.machine.id] === undefined).map((m) => m.machine.id)).toEqual([])
  })
})
