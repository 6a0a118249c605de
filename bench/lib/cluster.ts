/**
 * How the bench's reference servers (bench/hello-server.ts, bench/floor/server.ts) run as several
 * processes on one port, as Engage does with WEB_CONCURRENCY (server/cluster.ts), so a clustered
 * Engage is compared with a clustered reference.
 */
import cluster from 'node:cluster'

/**
 * With `workers` > 1 in the primary: forks that many workers, prints `listening at <url>` once
 * every one listens, and passes SIGTERM on (exiting when all are gone). Otherwise (one process, or
 * inside a worker) runs `serve`, which prints the URL itself when it is the primary.
 */
export async function runClustered(workers: number, serve: () => void | Promise<void>): Promise<void> {
  if (!(workers > 1 && cluster.isPrimary)) {
    await serve()
    return
  }
  let listening = 0
  cluster.on('listening', (_worker, address) => {
    listening += 1
    if (listening === workers) console.log(`listening at http://127.0.0.1:${address.port}`)
  })
  for (let i = 0; i < workers; i++) cluster.fork()
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    cluster.on('exit', () => {
      if (Object.values(cluster.workers ?? {}).every((w) => w === undefined || w.isDead())) process.exit(0)
    })
  })
}
