/**
 * Real-time section (SPEC §4 Notifications pushed in-app): one server on embedded
 * PGlite (the seeded data directory, bench/lib/app.ts), {@link STREAMS} notification streams
 * (`GET /api/common-services/notifications/stream?access_token=…&org_id=…`, Server-Sent Events)
 * opened from this process with node:http for admin@acme.test in Acme Support, then one
 * notification created through the internal API (`POST /api/internal/notifications`, the admin
 * CLI's call) per round, {@link ROUNDS} rounds.
 *
 * Figures:
 * - delivery, first with {@link SMALL_STREAMS} streams open (on the way to 1,000: how it scales), then with all: from sending the POST until every stream has received the notification's `data:`
 *   line (matched by a per-round unique title), ms; also until the first stream and the POST's
 *   own answer. Median and max over the rounds.
 * - memory per stream: the server's VmRSS (/proc/<pid>/status) and V8 heap used, each read right
 *   after a full gc in the server (bench/lib/gc-probe.ts, SIGUSR2), after the streams are open
 *   minus before, divided by {@link STREAMS}, KiB. RSS also holds PGlite's WebAssembly memory,
 *   which only grows: read the heap figure for what a stream costs in JavaScript objects.
 *
 * The receiving side runs in this process (one event loop for 1,000 sockets), so its own
 * latency is part of the figure; it is small next to the server's per-stream work.
 */
import http from 'node:http'
import { readFileSync } from 'node:fs'
import { ADMIN, BENCH_INTERNAL_KEY, apiSignIn, freshDataDir, loadAverage1m, median, round, startEngage } from './lib/app.ts'

/** Open streams. */
export const STREAMS = 1_000
/** Notifications created, one at a time. */
export const ROUNDS = 5
/** The smaller stream count measured on the way (same rounds, fewer streams). */
export const SMALL_STREAMS = 100
const SMALL_ROUNDS = 3
/** Give-up time for one delivery to reach every stream, ms. */
const DELIVERY_TIMEOUT_MS = 30_000

export interface DeliveryRound {
  /** POST sent → last stream received, ms. */
  readonly allMs: number
  /** POST sent → first stream received, ms. */
  readonly firstMs: number
  /** POST sent → its 201 answer, ms. */
  readonly postMs: number
  /** Streams that received it (all of them unless the round timed out). */
  readonly received: number
}

export interface RealtimeResult {
  /** 1-minute load average when the section ended. */
  readonly loadAverage1m: number
  readonly smallStreams: number
  readonly smallRounds: ReadonlyArray<DeliveryRound>
  readonly smallMedianAllMs: number
  readonly streams: number
  readonly openMs: number
  readonly rssBeforeKiB: number
  readonly rssAfterKiB: number
  /** (VmRSS after − before) / streams, KiB, both after a gc. */
  readonly perStreamKiB: number
  readonly heapBeforeKiB: number
  readonly heapAfterKiB: number
  /** (V8 heap used after − before) / streams, KiB, both after a gc. */
  readonly perStreamHeapKiB: number
  readonly rounds: ReadonlyArray<DeliveryRound>
  readonly medianAllMs: number
  readonly maxAllMs: number
}

/** VmRSS of `pid`, KiB. */
export function rssKiB(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
  if (!match?.[1]) throw new Error(`no VmRSS for pid ${pid}`)
  return Number(match[1])
}

interface Stream {
  /** Resolves with performance.now() when `marker` arrives. */
  expect(marker: string): Promise<number>
  close(): void
}

/** Opens one SSE stream with `headers` (the bearer token and x-org-id); resolves once the server answered 200. */
function openStream(agent: http.Agent, url: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { accept: 'text/event-stream', ...headers } }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`stream answered ${response.statusCode}`))
        response.resume()
        return
      }
      response.setEncoding('utf8')
      let tail = ''
      let waiting: { marker: string; resolve: (at: number) => void } | undefined
      response.on('data', (chunk: string) => {
        const at = performance.now()
        tail = (tail + chunk).slice(-4096)
        if (waiting && tail.includes(waiting.marker)) {
          waiting.resolve(at)
          waiting = undefined
          tail = ''
        }
      })
      response.on('error', () => {})
      resolve({
        expect: (marker) =>
          new Promise<number>((done) => {
            waiting = { marker, resolve: done }
          }),
        close: () => request.destroy(),
      })
    })
    request.on('error', reject)
  })
}

/** The real-time section. */
export async function benchRealtime(): Promise<RealtimeResult> {
  // One person's STREAMS streams: above the default cap of 10 per person (server/notifications/stream-limit.ts).
  const server = await startEngage({ dataDir: await freshDataDir(), memoryProbe: true, env: { STREAMS_PER_USER: String(STREAMS) } })
  const memory = async () => {
    const usage = await server.memoryAfterGc!()
    return { rssKiB: rssKiB(server.pid), heapKiB: Math.round(usage.heapUsed / 1024) }
  }
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity })
  const streams: Stream[] = []
  try {
    const { accessToken, orgId } = await apiSignIn(server.url)
    // A non-browser client's stream: bearer token and x-org-id headers (a browser's EventSource uses a ticket).
    const url = `${server.url}/api/common-services/notifications/stream`
    const streamHeaders = { authorization: `Bearer ${accessToken}`, 'x-org-id': orgId }
    const create = async (title: string) => {
      const response = await fetch(`${server.url}/api/internal/notifications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-api-key': BENCH_INTERNAL_KEY },
        body: JSON.stringify({ email: ADMIN.email, org: ADMIN.org, title, body: 'Real-time bench' }),
      })
      if (response.status !== 201) throw new Error(`create notification: ${response.status} ${await response.text()}`)
    }
    // Warm-up: the LISTEN starts with the first stream, and the create path is compiled once.
    const warm = await openStream(agent, url, streamHeaders)
    const warmMarker = `Realtime warm-up ${Date.now()}`
    const warmed = warm.expect(warmMarker)
    await create(warmMarker)
    await warmed
    warm.close()
    await new Promise((r) => setTimeout(r, 1_000))

    /** One notification created; when each open stream received it. */
    const deliver = async (label: string): Promise<DeliveryRound> => {
      const marker = `Realtime bench ${label} ${Date.now().toString(36)}`
      const arrivals = streams.map((s) => s.expect(marker))
      let received = 0
      for (const a of arrivals) void a.then(() => received++)
      const sent = performance.now()
      let postMs = 0
      await create(marker).then(() => {
        postMs = performance.now() - sent
      })
      const times = await Promise.race([Promise.all(arrivals), new Promise<null>((r) => setTimeout(() => r(null), DELIVERY_TIMEOUT_MS))])
      await new Promise((r) => setTimeout(r, 300))
      if (times === null) return { allMs: DELIVERY_TIMEOUT_MS, firstMs: Number.NaN, postMs: round(postMs), received }
      return { allMs: round(Math.max(...times) - sent), firstMs: round(Math.min(...times) - sent), postMs: round(postMs), received }
    }

    const before = await memory()
    const openStarted = performance.now()
    const smallRounds: DeliveryRound[] = []
    // In batches, so the server's accept queue and this process never hold 1,000 half-open sockets.
    for (let i = 0; i < STREAMS; i += 100) {
      const batch = await Promise.all(Array.from({ length: Math.min(100, STREAMS - i) }, () => openStream(agent, url, streamHeaders)))
      streams.push(...batch)
      // The same delivery with a tenth of the streams: how the time scales with their number.
      if (streams.length === SMALL_STREAMS) for (let k = 0; k < SMALL_ROUNDS; k++) smallRounds.push(await deliver(`small ${k + 1}`))
    }
    const openMs = round(performance.now() - openStarted - smallRounds.reduce((s, r) => s + r.allMs + 300, 0))
    await new Promise((r) => setTimeout(r, 1_000))
    const after = await memory()

    const rounds: DeliveryRound[] = []
    for (let k = 0; k < ROUNDS; k++) rounds.push(await deliver(`round ${k + 1}`))
    const all = rounds.map((r) => r.allMs)
    return {
      loadAverage1m: loadAverage1m(),
      smallStreams: SMALL_STREAMS,
      smallRounds,
      smallMedianAllMs: median(smallRounds.map((r) => r.allMs)),
      streams: STREAMS,
      openMs,
      rssBeforeKiB: before.rssKiB,
      rssAfterKiB: after.rssKiB,
      perStreamKiB: round((after.rssKiB - before.rssKiB) / STREAMS, 1),
      heapBeforeKiB: before.heapKiB,
      heapAfterKiB: after.heapKiB,
      perStreamHeapKiB: round((after.heapKiB - before.heapKiB) / STREAMS, 1),
      rounds,
      medianAllMs: median(all),
      maxAllMs: Math.max(...all),
    }
  } finally {
    for (const s of streams) s.close()
    agent.destroy()
    await server.stop()
  }
}

/** Report lines; `budgetMs` is BUDGETS.realtimeDeliveryMs. */
export function reportRealtime(r: RealtimeResult, budgetMs: number): string[] {
  return [
    `${r.streams} SSE streams on one PGlite server (opened in ${r.openMs} ms); after gc, server RSS ${Math.round(r.rssBeforeKiB / 1024)} → ${Math.round(r.rssAfterKiB / 1024)} MiB: ${r.perStreamKiB} KiB per open stream; V8 heap ${Math.round(r.heapBeforeKiB / 1024)} → ${Math.round(r.heapAfterKiB / 1024)} MiB: ${r.perStreamHeapKiB} KiB per stream`,
    `delivery to all ${r.smallStreams} with ${r.smallStreams} open: median ${r.smallMedianAllMs} ms (${r.smallRounds.map((x) => x.allMs).join(', ')})`,
    `delivery to all ${r.streams}: median ${r.medianAllMs} ms, max ${r.maxAllMs} ms; rounds (all/first/POST answered, ms): ${r.rounds.map((x) => `${x.allMs}/${x.firstMs}/${x.postMs}${x.received < r.streams ? ` (only ${x.received} received)` : ''}`).join(', ')}`,
    `  → delivery median ${r.medianAllMs} ms vs ${budgetMs} ms: ${r.medianAllMs <= budgetMs && r.rounds.every((x) => x.received === r.streams) ? 'meets budget' : 'OVER BUDGET'} (load average ${r.loadAverage1m})`,
  ]
}
