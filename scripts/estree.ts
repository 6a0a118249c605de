/**
 * Walking an ESTree program (Vite's `parseAst`, rolldown's `this.parse`): the i18n build step and
 * the i18n checks read `defineMessages` calls and JSX text through it.
 */

/** A node as the walk sees it: its type, its start offset, and its fields. */
export interface EsNode {
  readonly type: string
  readonly start: number
  readonly end: number
  readonly [key: string]: unknown
}

/** Every node under `node` (a program, a node or an array of them), depth first. */
export function* nodesOf(node: unknown): Generator<EsNode> {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const child of node) yield* nodesOf(child)
    return
  }
  const n = node as EsNode
  if (typeof n.type === 'string') yield n
  for (const [key, value] of Object.entries(n)) if (key !== 'type' && value && typeof value === 'object') yield* nodesOf(value)
}
