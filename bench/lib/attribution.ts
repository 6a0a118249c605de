/**
 * Where a chunk's bytes come from, read from its source map (bench/bundle.ts): every character of
 * the minified chunk is attributed to the original source of the mapping segment it lies in, and
 * sources are grouped by npm package (`node_modules/<name>` or `node_modules/@scope/<name>`) or,
 * for this project's code, by top folder (`src/ui`, `machines`, `contract`...). Minified bytes,
 * before compression: the shares, not the gzip total, are what to read.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]))

/** Decodes one mapping segment (base64 VLQ) into its numbers. */
function decodeSegment(segment: string): number[] {
  const values: number[] = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = DIGIT.get(char)
    if (digit === undefined) throw new Error(`bad VLQ character ${char}`)
    value += (digit & 31) << shift
    if (digit & 32) {
      shift += 5
      continue
    }
    values.push(value & 1 ? -(value >>> 1) : value >>> 1)
    value = 0
    shift = 0
  }
  return values
}

/** The group a source path (relative to the project root) belongs to. */
export function groupOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/')
  if (modules !== -1) {
    const parts = source.slice(modules + 'node_modules/'.length).split('/')
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? source)
  }
  const parts = source.split('/')
  if (parts[0] === 'src' && parts.length > 2) return `${parts[0]}/${parts[1]}`
  return parts.length > 1 ? (parts[0] ?? source) : '(generated)'
}

/**
 * Minified bytes per group for the chunk at `jsFile` (its map at `mapFile`: beside the build,
 * scripts/source-maps.ts), added into
 * `into`. Characters outside any mapping count as '(unmapped)'. `root` is the project root the
 * map's sources are made relative to. With `texts`, each group's minified text is collected too
 * (to gzip one group's code on its own, e.g. the third-party libraries of a page).
 * @returns false when the chunk has no source map.
 */
export function attribute(jsFile: string, mapFile: string, root: string, into: Map<string, number>, texts?: Map<string, string[]>): boolean {
  if (!existsSync(mapFile)) return false
  const raw = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[]; sourceRoot?: string; mappings: string }
  const sources = raw.sources.map((s) =>
    path
      .relative(root, path.resolve(path.dirname(mapFile), raw.sourceRoot ?? '', s))
      .split(path.sep)
      .join('/'),
  )
  const map = { sources, mappings: raw.mappings }
  const lines = readFileSync(jsFile, 'utf8').split('\n')
  const add = (group: string, text: string) => {
    if (text === '') return
    into.set(group, (into.get(group) ?? 0) + Buffer.byteLength(text))
    if (!texts) return
    const list = texts.get(group)
    if (list) list.push(text)
    else texts.set(group, [text])
  }
  let source = 0
  const mappingLines = map.mappings.split(';')
  for (let li = 0; li < lines.length; li++) {
    const text = lines[li] ?? ''
    const segments = (mappingLines[li] ?? '').split(',').filter((s) => s !== '')
    let column = 0
    let lastColumn = 0
    let lastGroup = '(unmapped)'
    for (const segment of segments) {
      const [dColumn = 0, dSource] = decodeSegment(segment)
      column += dColumn
      add(lastGroup, text.slice(lastColumn, column))
      lastColumn = column
      if (dSource === undefined) lastGroup = '(unmapped)'
      else {
        source += dSource
        lastGroup = groupOf(map.sources[source] ?? '(unknown)')
      }
    }
    add(lastGroup, text.slice(lastColumn) + (li < lines.length - 1 ? '\n' : ''))
  }
  return true
}

/** True for a group of third-party code (an npm package), false for this project's own and unmapped code (and a bench floor app's own, bench/floor/). */
export function isLibraryGroup(group: string): boolean {
  return !group.startsWith('(') && !group.startsWith('src') && !['machines', 'contract', 'bench'].includes(group)
}
