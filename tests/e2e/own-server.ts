/**
 * A server of a spec's own, beside the shared one of the global setup: the built dist/ it made,
 * served by server/main.ts on its own DATA_DIR and a free port, with extra environment. For specs
 * that stop and restart the server (faults) or need a setting the shared server must not have
 * (reverification's short window).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'

/** A port nobody listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

/** Starts server/main.ts on `port` with `dataDir` and `env`, resolving once it prints its URL (at most 120 s). */
export function startServer(port: number, dataDir: string, env: Readonly<Record<string, string>> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000)
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()))
    child.stdout?.on('data', (c: Buffer) => {
      output += c.toString()
      if (output.includes('Engage is running at')) {
        clearTimeout(timer)
        resolve(child)
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}:\n${output}`))
    })
  })
}

/** Stops a server {@link startServer} started (SIGTERM), resolving once it exited. */
export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
