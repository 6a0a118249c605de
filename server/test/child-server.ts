/**
 * The real server as a child process, for tests that need whole processes: several workers
 * (server/cluster.test.ts) or several hosts on one PostgreSQL (server/hosts.test.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import path from 'node:path'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'

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


/**
 * Passes the human-verification check of a running server as the browser's widget does:
 * fetches an ALTCHA challenge, solves it with altcha-lib (at the server's configured cost:
 * about a second at the default), verifies it, and returns the proof sign-in and sign-up need.
 * `headers` go with both requests (an X-Forwarded-For behind TRUST_PROXY).
 * @throws when the challenge or the verification is refused.
 */
export async function passBotCheck(url: string, headers: Record<string, string> = {}): Promise<string> {
  const challenge = await freshRequest(`${url}/api/users/bot-check/challenge`, 'GET', undefined, headers)
  if (challenge.status !== 200) throw new Error(`bot-check challenge answered ${challenge.status}: ${challenge.body}`)
  const parsed = JSON.parse(challenge.body) as object
  const solution = await solveChallenge({ challenge: parsed as never, deriveKey })
  if (solution === null) throw new Error('the ALTCHA challenge could not be solved')
  const token = Buffer.from(JSON.stringify({ challenge: parsed, solution })).toString('base64')
  const verified = await freshRequest(`${url}/api/users/verify-turnstile`, 'POST', { token }, headers)
  if (verified.status !== 200) throw new Error(`verify-turnstile answered ${verified.status}: ${verified.body}`)
  return (JSON.parse(verified.body) as { proof: string }).proof
}
