/**
 * Sequential timed GETs against a running server (bench/scale.ts): one request at a time, each
 * timed from sending to its body's last byte, over one keep-alive connection (Node's fetch).
 */
import { median, round } from './app.ts'

/** How many requests a figure takes. */
export interface Repetitions {
  /** Untimed requests first (JIT, the database's caches, prepared statements). */
  readonly warmup: number
  /** Timed requests wanted. */
  readonly count: number
  /** At least this many timed requests, whatever the budget. */
  readonly minCount: number
  /** Stop adding timed requests once this much time (ms) was spent on them. */
  readonly budgetMs: number
}

/** One request's answer: status, body size and lines (bytes, '\n' count), wall time (ms). */
export interface Answer {
  readonly status: number
  readonly bytes: number
  readonly lines: number
  readonly ms: number
  /** The body as text when it was JSON or an error (capped at 2 MB), else undefined. */
  readonly text: string | undefined
}

/** A figure's timed requests. */
export interface Timed {
  readonly path: string
  readonly status: number
  readonly samples: ReadonlyArray<number>
  /** Median and 95th percentile (nearest rank) of the samples, ms. */
  readonly medianMs: number
  readonly p95Ms: number
  /** Response body of the last request, bytes. */
  readonly bytes: number
  /** '\n' in the last body (CSV: header + rows). */
  readonly lines: number
  /** The last body as text (JSON answers), for the caller to read counts from. */
  readonly text: string | undefined
}

const TEXT_CAP = 2 * 1024 * 1024

/** The longest one request may take, ms: past it the request is aborted and its figure fails. */
export const REQUEST_TIMEOUT_MS = 30_000

/**
 * One GET of `baseUrl + path`, reading the body to its end. The time (`ms`) stops at the last byte:
 * the body is only kept while it arrives, and its bytes, lines and text are read after, so the
 * client's own reading is not charged to the server (a JavaScript loop over a 2 MB CSV took about
 * as long as the server's part of it).
 * @throws Error (a TimeoutError) when the answer has not fully arrived within `timeoutMs`.
 */
export async function getOnce(baseUrl: string, path: string, headers: Record<string, string>, timeoutMs = REQUEST_TIMEOUT_MS): Promise<Answer> {
  const started = performance.now()
  const response = await fetch(`${baseUrl}${path}`, { headers, signal: AbortSignal.timeout(timeoutMs) })
  const chunks: Uint8Array[] = []
  const reader = response.body?.getReader()
  for (;;) {
    const chunk = reader === undefined ? undefined : await reader.read()
    if (chunk === undefined || chunk.done) break
    chunks.push(chunk.value)
  }
  const ms = performance.now() - started
  const body = Buffer.concat(chunks)
  let lines = 0
  for (let at = body.indexOf(10); at !== -1; at = body.indexOf(10, at + 1)) lines++
  const keepText = !response.ok || (response.headers.get('content-type') ?? '').includes('json')
  return { status: response.status, bytes: body.byteLength, lines, ms, text: keepText ? body.subarray(0, TEXT_CAP).toString('utf8') : undefined }
}

/** Nearest-rank percentile `p` (0–100) of a non-empty list. */
export function percentile(values: ReadonlyArray<number>, p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] as number
}

/**
 * `repetitions.warmup` untimed GETs, then timed ones until `count`, or `budgetMs` spent and at
 * least `minCount` done. A request slower than `budgetMs` on its own ends the warm-up, and the
 * figure then rests on one timed request, so a pathological answer cannot stall the section.
 * @throws Error with the status and body when an answer is not 2xx, or on {@link getOnce}'s timeout.
 */
export async function timeGets(baseUrl: string, path: string, headers: Record<string, string>, repetitions: Repetitions): Promise<Timed> {
  const check = (answer: Answer) => {
    if (answer.status >= 300) throw new Error(`GET ${path}: ${answer.status} ${answer.text?.slice(0, 300) ?? ''}`)
    return answer
  }
  let slow = false
  for (let i = 0; i < repetitions.warmup && !slow; i++) slow = check(await getOnce(baseUrl, path, headers)).ms > repetitions.budgetMs
  const samples: number[] = []
  let last: Answer | undefined
  let spent = 0
  while (samples.length < repetitions.count && (samples.length < repetitions.minCount || spent < repetitions.budgetMs)) {
    last = check(await getOnce(baseUrl, path, headers))
    samples.push(last.ms)
    spent += last.ms
    if (slow || last.ms > repetitions.budgetMs) break
  }
  if (last === undefined) throw new Error('timeGets: no timed request (count 0)')
  return {
    path,
    status: last.status,
    samples: samples.map((s) => round(s, 2)),
    medianMs: round(median(samples), 2),
    p95Ms: round(percentile(samples, 95), 2),
    bytes: last.bytes,
    lines: last.lines,
    text: last.text,
  }
}
