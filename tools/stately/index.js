/**
 * Stately's source parser, as the root of the repository uses it. `@xstate/machine-extractor`
 * (the parser behind Stately's editor, its GitHub sync and its VS Code extension) requires
 * `xstate/lib/...` of XState 4; this workspace package keeps that XState 4 in its own
 * node_modules, so the root (XState 5) imports the parser from here: `@engage/stately-check`.
 */
import { extractMachinesFromFile } from '@xstate/machine-extractor'

export { extractMachinesFromFile }

/**
 * The machine configs Stately reads in one source file, as its editor shows them: one entry per
 * `createMachine` call (also `setup(...).createMachine`), with the config the parser rebuilt
 * from the source text (states, transitions, invocations; context and implementations left as
 * written). An entry is `undefined` when the parser found the call but could not read its config.
 *
 * @param {string} source the file's TypeScript or JavaScript text
 * @returns {Array<import('./index.d.ts').StatelyMachineConfig | undefined>} empty when the file has no machine
 * @throws {SyntaxError} from Babel when the text does not parse
 */
export function statelyMachineConfigs(source) {
  // The parser warns on the console for every value it cannot copy into JSON (a guard's or an
  // action's `params` function, a constant's name); Stately shows those as code, and they have
  // no part in the chart, so they are not printed here.
  const warn = console.warn
  console.warn = () => {}
  try {
    const result = extractMachinesFromFile(source)
    return (result?.machines ?? []).map((machine) => machine?.toConfig())
  } finally {
    console.warn = warn
  }
}
