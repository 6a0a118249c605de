/**
 * The time zone choices of the quiet hours editor and how a person finds one. Every IANA zone
 * this browser knows (`Intl.supportedValuesOf('timeZone')`) is a choice, shown with spaces for
 * underscores ("America/New York"). Once the time zone data is loaded (`loadTimeZoneData`: the
 * maintained `@vvo/tzdb` package, fetched with the field, never in the first load), each choice
 * also carries its zone's name, country, main cities, abbreviations and older names, and the
 * search (`searchTimeZones`) finds a zone by any of them: "kolkata", "india", "calcutta", "cet",
 * "pst"; "pacific" leads with the Pacific time zones. Pure; no React.
 */
import { isTimeZone } from '../../../contract/notifications.ts'

/** One zone of the time zone data (the fields of `@vvo/tzdb`'s raw time zones this search reads). */
export interface TimeZoneRecord {
  /** The IANA id the package names the zone by ("Asia/Kolkata"). */
  readonly name: string
  /** "India Time", "Pacific Time". */
  readonly alternativeName: string
  /** Every IANA id with the same rules, older names too ("Asia/Calcutta", "US/Pacific"). */
  readonly group: ReadonlyArray<string>
  readonly countryName: string
  readonly mainCities: ReadonlyArray<string>
  /** "IST", "PST", "CET". */
  readonly abbreviation: string
  /** "PDT", "CEST"; absent for zones without daylight saving time. */
  readonly dstAbbreviation?: string
}

/** One choice: the IANA id that is saved, the label shown and typed against, and what else finds it. */
export interface TimeZoneOption {
  readonly id: string
  readonly label: string
  /** The line under the label: "India Time · India · IST · Mumbai, Delhi, Bengaluru"; absent until the data is loaded. */
  readonly detail?: string
  /** The zone's record, when the data is loaded and names it. */
  readonly record?: TimeZoneRecord
}

/** How a zone id reads in the list: "America/Argentina/Buenos Aires". */
export function timeZoneLabel(id: string): string {
  return id.replaceAll('_', ' ')
}

/** Every zone this runtime lists; older runtimes without `supportedValuesOf` get only UTC. */
function supportedZones(): ReadonlyArray<string> {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] }
  try {
    return intl.supportedValuesOf?.('timeZone') ?? []
  } catch {
    return []
  }
}

let cachedZones: ReadonlyArray<string> | null = null
let loaded: ReadonlyArray<TimeZoneRecord> | null = null
let loading: Promise<ReadonlyArray<TimeZoneRecord>> | null = null

/**
 * Loads the time zone data (about 20 kB gzipped, a chunk of its own) once; later calls share it.
 * @returns the package's zones. Rejects when the chunk cannot be fetched (the field then searches
 *   by id only, as before).
 */
export function loadTimeZoneData(): Promise<ReadonlyArray<TimeZoneRecord>> {
  loading ??= import('@vvo/tzdb/raw-time-zones.json').then((m) => {
    loaded = m.default as ReadonlyArray<TimeZoneRecord>
    return loaded
  })
  return loading
}

/** The time zone data if it has loaded, else null. */
export function loadedTimeZoneData(): ReadonlyArray<TimeZoneRecord> | null {
  return loaded
}

/** "India Time · India · IST · Mumbai, Delhi, Bengaluru". */
function detailOf(record: TimeZoneRecord): string {
  const abbreviations = [record.abbreviation, record.dstAbbreviation].filter((a) => a && !/^[+-]?\d/.test(a)).join('/')
  return [record.alternativeName, record.countryName, abbreviations, record.mainCities.slice(0, 3).join(', ')].filter(Boolean).join(' · ')
}

/**
 * The choices, sorted: the runtime's zones plus UTC (Chromium leaves it out of its list, yet it is
 * a headless browser's own zone) and `current` when it is a zone the list does not name (an alias
 * the browser or an older save used). With `data`, a runtime id the data knows under its current
 * IANA name is listed by that name ("Asia/Calcutta" → "Asia/Kolkata", once, with its details),
 * provided this runtime accepts the name.
 */
export function timeZoneOptions(current?: string, data: ReadonlyArray<TimeZoneRecord> | null = loaded): ReadonlyArray<TimeZoneOption> {
  cachedZones ??= [...new Set([...supportedZones(), 'UTC'])].sort()
  const byId = new Map<string, TimeZoneRecord>()
  for (const record of data ?? []) for (const id of [record.name, ...record.group]) if (!byId.has(id)) byId.set(id, record)
  const options = new Map<string, TimeZoneOption>()
  const add = (zone: string) => {
    const record = byId.get(zone)
    const id = record !== undefined && isTimeZone(record.name) ? record.name : zone
    if (!options.has(id)) options.set(id, record === undefined ? { id, label: timeZoneLabel(id) } : { id, label: timeZoneLabel(id), detail: detailOf(record), record })
  }
  for (const zone of cachedZones) add(zone)
  if (current !== undefined && isTimeZone(current) && !options.has(current) && !options.has(byId.get(current)?.name ?? '')) {
    options.set(current, { id: current, label: timeZoneLabel(current) })
  }
  return [...options.values()].sort((a, b) => codePointOrder(a.id, b.id))
}

/** Ids in code-point order, as `Array.prototype.sort` puts them. */
const codePointOrder = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/** Lower case, accents and underscores gone: "Köln" and "koln", "new_york" and "New York" meet. */
function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replaceAll('_', ' ').toLowerCase().trim()
}

/** The last part of an IANA id, which names a city ("Asia/Calcutta" → "calcutta"). */
const cityOf = (id: string) => normalize(id.slice(id.lastIndexOf('/') + 1))

/** Whether `text` has a word starting with `q` ("mexican pacific time" has "pacific"). */
const wordStarts = (text: string, q: string) => text.startsWith(q) || text.includes(` ${q}`) || text.includes(`/${q}`)

/**
 * How well `option` answers `q` (normalized), lower is better, or null for no match:
 * 0 an exact abbreviation, city, older name or country ("pst", "kolkata", "calcutta", "india");
 * 1 the zone's name starting with it ("pacific" → Pacific Time); 2 a word of its name, a city or
 * an older name starting with it ("berl"); 3 its country starting with it; 4 its id containing it
 * ("pacific" → Pacific/Apia); 5 anything else containing it.
 */
function rank(option: TimeZoneOption, q: string): number | null {
  const label = normalize(option.label)
  const r = option.record
  if (r === undefined) return label === q ? 0 : wordStarts(label, q) ? 2 : label.includes(q) ? 4 : null
  const abbreviations = [r.abbreviation, r.dstAbbreviation ?? ''].map(normalize)
  const cities = [...new Set([option.id, ...r.group].map(cityOf).concat(r.mainCities.map(normalize)))]
  const country = normalize(r.countryName)
  const name = normalize(r.alternativeName)
  if (abbreviations.includes(q) || cities.includes(q) || country === q || label === q) return 0
  if (name.startsWith(q)) return 1
  if (wordStarts(name, q) || cities.some((c) => wordStarts(c, q))) return 2
  if (country.startsWith(q)) return 3
  if (label.includes(q) || r.group.some((id) => normalize(id).includes(q))) return 4
  if ([name, country, ...cities].some((t) => t.includes(q))) return 5
  return null
}

/**
 * The choices matching `text`, best first (see `rank`; ties in id order), or every choice for
 * blank text. Matches by id alone until the time zone data is loaded.
 */
export function searchTimeZones(options: ReadonlyArray<TimeZoneOption>, text: string): ReadonlyArray<TimeZoneOption> {
  const q = normalize(text)
  if (q === '') return options
  return options
    .map((option) => ({ option, rank: rank(option, q) }))
    .filter((m): m is { option: TimeZoneOption; rank: number } => m.rank !== null)
    .sort((a, b) => a.rank - b.rank || codePointOrder(a.option.id, b.option.id))
    .map((m) => m.option)
}

/**
 * The zone id a person meant by `text`: a listed id or label (any case, surrounding spaces
 * ignored), else the runtime's own name for a zone it knows ("utc" → "UTC"), else the best match
 * of the search ("india" → "Asia/Kolkata"), else `text` trimmed, which the contract then refuses
 * with its message.
 */
export function resolveTimeZone(text: string, options: ReadonlyArray<TimeZoneOption> = timeZoneOptions()): string {
  const wanted = text.trim()
  const lower = wanted.toLowerCase()
  const listed = options.find((o) => o.id.toLowerCase() === lower || o.label.toLowerCase() === lower)
  if (listed) return listed.id
  // An older name of a listed zone ("Asia/Calcutta") is saved as the zone's current name.
  const renamed = options.find((o) => o.record?.group.some((id) => id.toLowerCase() === lower || timeZoneLabel(id).toLowerCase() === lower))
  if (renamed) return renamed.id
  if (isTimeZone(wanted)) return new Intl.DateTimeFormat('en-GB', { timeZone: wanted }).resolvedOptions().timeZone
  const [best] = wanted === '' ? [] : searchTimeZones(options, wanted)
  return best?.id ?? wanted
}
