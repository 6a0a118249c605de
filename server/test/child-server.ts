/**
 * The real server as a child process, for tests that need whole processes: several workers
 * (server/cluster.test.ts) or several hosts on one PostgreSQL (server/hosts.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..', '..')

/** A server started as a child process by {@link startServer}. */
export interface Running {
  readonly child: ChildProcess
  readonly url: string
  output(): string
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>
}

/**
 * Starts `server/main.ts` as a child process (PORT=0 on 127.0.0.1, BOT_CHECK off, the embedded
 * database unless `env` says otherwise) and resolves once its whole banner is printed. `how`
 * runs another entry (`args` after `node`) from another folder (`cwd`), e.g. `npm run serve`'s.
 * @throws when the process exits before it is up (its output in the message).
 */
export function startServer(env: Record<string, string>, how: { cwd?: string; args?: ReadonlyArray<string> } = {}): Promise<Running> {
  const child = spawn(process.execPath, [...(how.args ?? ['--import', 'tsx', 'server/main.ts'])], {
    cwd: how.cwd ?? repoRoot,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: '', BOT_CHECK: 'off', DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const url = /Engage is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      // The whole banner: its last line is the bot check's.
      if (url !== undefined && /\n {2}bot check/.test(output.slice(output.indexOf(url)))) {
        child.stdout?.off('data', onData)
        child.stdout?.on('data', (more: Buffer) => (output += more.toString()))
        resolve({
          child,
          url,
          output: () => output,
          stop: () => {
            child.kill('SIGTERM')
            return exited
          },
        })
      }
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    void exited.then((code) => reject(new Error(`the server exited with ${code} before it was up:\n${output}`)))
  })
}

/** One request on its own connection (no keep-alive), so successive calls reach different workers. */
export function freshRequest(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const data = body === undefined ? undefined : JSON.stringify(body)
    const request = http.request(
      url,
      { method, agent: false, headers: { connection: 'close', ...(data ? { 'content-type': 'application/json' } : {}), ...headers } },
      (response) => {
        let text = ''
        response.on('data', (chunk: Buffer) => (text += chunk.toString()))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    request.on('error', reject)
    request.end(data)
  })
}

