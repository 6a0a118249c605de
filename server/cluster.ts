/**
 * Several server processes (WEB_CONCURRENCY > 1, with DATABASE_URL only): the primary process
 * prepares once what must happen once, then forks the workers that serve HTTP on one shared port
 * (node:cluster hands connections out round-robin).
 *
 * What is per process, and how each stays correct:
 * - Migrations, demo seeding and the generated secrets (signing key, internal API key, VAPID
 *   pair, upload key): the primary runs them BEFORE forking (`prepare`); workers only read them.
 *   DATA_DIR/internal-api-key and DATA_DIR/server.json are written by the primary alone (its
 *   pid, so the admin CLI sees one server).
 * - Rate limits: counted in PostgreSQL (server/http/rate-limit.ts), like those of other hosts.
 * - Live notifications: each worker has its own LISTEN session and hub; PostgreSQL delivers every
 *   NOTIFY to every session, so each worker's streams hear of each new notification once.
 * - Access tokens are verified by each worker with the same key; the verified-token memo
 *   (server/auth/access-token.ts) is per process and needs no sharing (tokens are not revocable).
 *
 * Lifecycle: the banner (`Engage is running at ...`) is printed once every worker listens. A
 * worker that exits before that fails the start (all are stopped, exit 1); one that dies later is
 * replaced, unless {@link MAX_RESTARTS} happened within {@link RESTART_WINDOW_MS} (then the server
 * stops, exit 1). SIGINT/SIGTERM are passed to the workers, which finish their requests and exit;
 * a worker still running after {@link STOP_GRACE_MS} is killed. A worker whose primary is gone
 * (IPC channel closed) stops by itself.
 */
import cluster, { type Worker } from 'node:cluster'
import type { AddressInfo } from 'node:net'
import { log } from './log.ts'

/** Marks a worker forked by {@link runPrimary} (its environment), as opposed to any cluster worker. */
export const WORKER_ENV = 'ENGAGE_CLUSTER_WORKER'

/** Whether this process is a worker forked by {@link runPrimary}. */
export function isEngageWorker(): boolean {
  return cluster.isWorker && process.env[WORKER_ENV] === '1'
}

/** How many worker deaths within {@link RESTART_WINDOW_MS} stop the server instead of a restart. */
export const MAX_RESTARTS = 5
/** ms. */
export const RESTART_WINDOW_MS = 60_000
/** How long workers get to finish at shutdown before they are killed, ms. */
export const STOP_GRACE_MS = 10_000

export interface PrimaryOptions {
  /** Number of workers (≥ 2). */
  readonly workers: number
  /** Runs once before any worker starts (migrate, seed, secrets); its errors fail the start. */
  prepare(): Promise<void>
  /** Called once every worker listens, with the address they share (print the banner, publish server.json). */
  onListening(address: AddressInfo): Promise<void>
  /** Called at shutdown after every worker exited (remove server.json). */
  onStopped(): Promise<void>
}

/**
 * The primary process: prepare, fork `workers` workers, supervise them. When a worker exits
 * before the server is up, the others are stopped and the process exits with 1.
 * @throws whatever `prepare` throws (no worker has started then).
 */
export async function runPrimary(options: PrimaryOptions): Promise<void> {
  await options.prepare()

  let up = false
  let stopping = false
  const deaths: number[] = []
  const fork = () => cluster.fork({ [WORKER_ENV]: '1' })

  const stop = async (signal: string, code: number) => {
    if (stopping) return
    stopping = true
    if (signal !== '') log().info({ signal, processes: Object.keys(cluster.workers ?? {}).length }, `${signal} received: stopping Engage and its server processes`)
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead())
    await Promise.all(
      live.map(
        (worker) =>
          new Promise<void>((resolve) => {
            const kill = setTimeout(() => worker.process.kill('SIGKILL'), STOP_GRACE_MS)
            worker.once('exit', () => {
              clearTimeout(kill)
              resolve()
            })
            worker.process.kill('SIGTERM')
          }),
      ),
    )
    await options.onStopped().catch((error: unknown) => log().error({ err: error }, 'Could not remove server.json'))
    process.exit(code)
  }
  process.once('SIGINT', () => void stop('SIGINT', 0))
  process.once('SIGTERM', () => void stop('SIGTERM', 0))

  const listening = new Promise<AddressInfo>((resolve, reject) => {
    let count = 0
    cluster.on('listening', (_worker, address) => {
      if (up) return
      count += 1
      if (count === options.workers) resolve({ address: address.address ?? '', family: address.addressType === 6 ? 'IPv6' : 'IPv4', port: address.port })
    })
    cluster.on('exit', (worker, code, signal) => {
      if (stopping) return
      if (!up) {
        reject(new Error(`A server process (pid ${worker.process.pid}) exited with ${signal ?? code} before the server was up.`))
        return
      }
      const now = Date.now()
      deaths.push(now)
      while (deaths.length > 0 && (deaths[0] as number) < now - RESTART_WINDOW_MS) deaths.shift()
      if (deaths.length >= MAX_RESTARTS) {
        log().fatal({ deaths: deaths.length, window_s: RESTART_WINDOW_MS / 1000 }, `${deaths.length} server processes died within ${RESTART_WINDOW_MS / 1000} s: stopping Engage`)
        void stop('', 1)
        return
      }
      log().error({ worker_pid: worker.process.pid, exit: signal ?? code }, 'A server process exited: starting another')
      fork()
    })
  })
  for (let i = 0; i < options.workers; i++) fork()
  try {
    const address = await listening
    up = true
    await options.onListening(address)
  } catch (error) {
    log().fatal({ err: error }, 'The server processes did not start')
    await stop('', 1)
  }
}
