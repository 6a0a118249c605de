/**
 * Child processes for the bench: start a server, wait for the line that carries its URL, stop it.
 * Servers run in their own process so the load generator never shares their event loop.
 */
import { type ChildProcess, spawn } from 'node:child_process'

export interface Started {
  readonly url: string
  readonly child: ChildProcess
  /** SIGTERM, then waits for exit (SIGKILL after 10 s). */
  stop(): Promise<void>
}

/**
 * Spawns `command args` and resolves with the first capture of `ready` in its stdout.
 * @throws Error with the process output when it exits first or after `timeoutMs` (ms).
 */
export function startProcess(command: string, args: ReadonlyArray<string>, options: { env?: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number; cwd?: string }): Promise<Started> {
  const child = spawn(command, args, { cwd: options.cwd, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`${command} did not start within ${options.timeoutMs ?? 120_000} ms:\n${output}`))
    }, options.timeoutMs ?? 120_000)
    const onExit = (code: number | null) => {
      clearTimeout(timer)
      reject(new Error(`${command} ${args.join(' ')} exited with ${code} before it was ready:\n${output}`))
    }
    child.once('exit', onExit)
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = options.ready.exec(output)
      if (match?.[1] === undefined) return
      clearTimeout(timer)
      child.off('exit', onExit)
      resolve({
        url: match[1],
        child,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
            child.once('exit', () => {
              clearTimeout(kill)
              done()
            })
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
