/**
 * A real SMTP server for tests: smtp-server listening on a free local port, every
 * message parsed with mailparser. The app talks real SMTP to it through nodemailer.
 */
import type { AddressInfo } from 'node:net'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export interface TestSmtpServer {
  /** `smtp://127.0.0.1:PORT`, for the app's SMTP_URL. */
  readonly url: string
  /** Messages accepted so far, oldest first. */
  readonly received: ParsedMail[]
  /**
   * Decides the answer to the next messages: return an SMTP reply code to refuse one with (421,
   * 451: temporary; 550: permanent), or undefined to accept it. Default: accept everything.
   */
  refuse: (() => number | undefined) | undefined
  /** How long the server takes to answer each message, ms (default 0): slow enough, a crash lands mid-send. */
  answerDelayMs: number
  /** Resolves once `count` messages have been accepted (polls every 20 ms; rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>
  close(): Promise<void>
}

/** Starts the server on 127.0.0.1 and a free port (or `port`, to come back on the same one). */
export async function startSmtpServer(port = 0): Promise<TestSmtpServer> {
  const received: ParsedMail[] = []
  const state: { refuse: (() => number | undefined) | undefined; answerDelayMs: number } = { refuse: undefined, answerDelayMs: 0 }
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const code = state.refuse?.()
      simpleParser(stream)
        .then(async (mail) => {
          if (state.answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, state.answerDelayMs))
          if (code !== undefined) {
            const error = Object.assign(new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: code })
            callback(error)
            return
          }
          received.push(mail)
          callback()
        })
        .catch((error: unknown) => callback(error as Error))
    },
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  const address = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    get refuse() {
      return state.refuse
    },
    set refuse(next) {
      state.refuse = next
    },
    get answerDelayMs() {
      return state.answerDelayMs
    },
    set answerDelayMs(ms) {
      state.answerDelayMs = ms
    },
    async waitFor(count, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} message(s), got ${received.length}`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return received
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
