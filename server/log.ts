/**
 * The server's log (a bug report's text once printed a forged
 * "Invitation: ... set-password?token=FORGED" line). Every record is one JSON line written by
 * pino: `level` (a name), `time` (ISO 8601), `msg`, and while an API request is handled its
 * `requestId`, `method` and `path` (server/http/request-context.ts). Text from a request only
 * ever travels inside a JSON string, where a newline or a control character is escaped, so no
 * user input can start a line of its own. Messages are constant text written here; what varies
 * (emails, names, links, errors) goes in fields.
 *
 * | variable   | default                                   | meaning                                   |
 * |------------|-------------------------------------------|-------------------------------------------|
 * | LOG_LEVEL  | info                                      | fatal, error, warn, info, debug, trace or silent |
 * | LOG_FORMAT | pretty on a terminal outside production, else json | json: one JSON record per line; pretty: one readable line per record |
 *
 * `pretty` is for a person at a terminal (`npm run dev`): `HH:MM:SS LEVEL message key=value...`,
 * each value printed bare only when it is made of URL-safe characters, JSON-quoted otherwise,
 * so the same escaping guarantee holds. The start-up banner is not a log record: it is printed
 * as plain lines ({@link printPlain}) because scripts and tests read "Engage is running at <url>".
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino'

export type { Logger }

/** LOG_LEVEL values, most to least severe. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

/** LOG_FORMAT values. */
export const LOG_FORMATS = ['json', 'pretty'] as const
export type LogFormat = (typeof LOG_FORMATS)[number]

export interface LogSettings {
  readonly level: LogLevel
  readonly format: LogFormat
}

/**
 * LOG_LEVEL and LOG_FORMAT from the environment. An unknown value is a problem (a sentence naming
 * the variable, for ConfigError) and the default is used meanwhile.
 * @param stdoutIsTerminal whether stdout is a TTY: the default format is `pretty` there, unless NODE_ENV=production.
 */
export function readLogSettings(env: NodeJS.ProcessEnv, stdoutIsTerminal: boolean): LogSettings & { readonly problems: string[] } {
  const problems: string[] = []
  const pick = <T extends string>(name: string, allowed: ReadonlyArray<T>, fallback: T): T => {
    const raw = env[name]?.trim().toLowerCase()
    if (raw === undefined || raw === '') return fallback
    if ((allowed as ReadonlyArray<string>).includes(raw)) return raw as T
    problems.push(`${name}=${JSON.stringify(env[name])} must be one of ${allowed.join(', ')}`)
    return fallback
  }
  const level = pick('LOG_LEVEL', LOG_LEVELS, 'info')
  const format = pick('LOG_FORMAT', LOG_FORMATS, stdoutIsTerminal && env.NODE_ENV !== 'production' ? 'pretty' : 'json')
  return { level, format, problems }
}

/** What is known of the request being handled, added to every record logged while it runs. */
export interface RequestLogContext {
  readonly requestId: string
  readonly method: string
  readonly path: string
}

/** The current request (server/http/request-context.ts runs each API request inside it). */
export const requestLogContext = new AsyncLocalStorage<RequestLogContext>()

export interface LoggerOptions {
  readonly level?: LogLevel
  readonly format?: LogFormat
  /** Where lines go; defaults to stdout (synchronously, so nothing is lost at `process.exit`). Tests pass a capture. */
  readonly destination?: DestinationStream
}

/** A logger writing JSON lines (or {@link prettyLine}s) with the current request's id on each record. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const stdout = options.destination ?? pino.destination({ dest: 1, sync: true })
  const destination: DestinationStream = options.format === 'pretty' ? { write: (line: string) => stdout.write(prettyLine(line)) } : stdout
  return pino(
    {
      level: options.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      // `err` for errors; also `error`, which callers reach for just as often.
      serializers: { err: stdSerializers.err, error: stdSerializers.err },
      mixin: () => requestLogContext.getStore() ?? {},
    },
    destination,
  )
}

let root: Logger | undefined

/**
 * The process's logger, from LOG_LEVEL and LOG_FORMAT (an invalid value falls back to the
 * default; main.ts refuses to start on it). Created on first use.
 */
export function log(): Logger {
  root ??= createLogger(readLogSettings(process.env, process.stdout.isTTY === true))
  return root
}

/** Replaces the process's logger (main.ts, once the settings are read). */
export function setLog(logger: Logger): void {
  root = logger
}

/**
 * `logError` of AppDeps and the modules that take one: `message` is constant text, `error`
 * goes in the `err` field (type, message, stack, and the query and parameters of a failed query).
 */
export function errorLogger(logger: Logger): (message: string, error: unknown) => void {
  return (message, error) => logger.error({ err: error }, message)
}

/** `logInfo` of AppDeps: a notice for the operator, whose variable parts are `fields`. */
export function infoLogger(logger: Logger): (message: string, fields?: Readonly<Record<string, unknown>>) => void {
  return (message, fields) => logger.info(fields ?? {}, message)
}

/**
 * Prints operator-facing lines (the start-up banner, a refusal to start) as plain text. Each
 * `\n` of `text` ends a line; any other control character is shown escaped, never written raw.
 */
export function printPlain(text: string, stream: NodeJS.WritableStream = process.stdout): void {
  stream.write(`${text.split('\n').map(escapeControls).join('\n')}\n`)
}

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g
const escapeControls = (line: string) => line.replace(CONTROLS, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** Characters a pretty value may keep unquoted: those of emails, URLs, ids and numbers. */
const BARE = /^[\w.,:/?=&%@+~#-]+$/

/** One field value as pretty output shows it: bare when URL-safe, else JSON-quoted (escaped). */
export function prettyValue(value: unknown): string {
  if (typeof value === 'string') return BARE.test(value) ? value : JSON.stringify(value)
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  return JSON.stringify(value) ?? 'undefined'
}

/** ` key=value` for each field (see {@link prettyValue}). */
export function prettyFields(fields: Readonly<Record<string, unknown>>): string {
  return Object.entries(fields)
    .map(([key, value]) => ` ${BARE.test(key) ? key : JSON.stringify(key)}=${prettyValue(value)}`)
    .join('')
}

const LEVEL_LABELS: Record<string, string> = { fatal: 'FATAL', error: 'ERROR', warn: 'WARN ', info: 'INFO ', debug: 'DEBUG', trace: 'TRACE' }

/**
 * A JSON record as one readable line: `HH:MM:SS LEVEL message key=value...`, then for an error its
 * stack frames, each indented. The message is JSON-quoted if it holds a control character; the
 * error's own message is a quoted field, so only frames (code locations) are printed bare.
 */
export function prettyLine(json: string): string {
  let record: Record<string, unknown>
  try {
    record = JSON.parse(json) as Record<string, unknown>
  } catch {
    return `${escapeControls(json.trimEnd())}\n`
  }
  const { time, level, msg, pid: _pid, hostname: _hostname, err, ...fields } = record
  const clock = typeof time === 'string' ? time.slice(11, 19) : ''
  const label = LEVEL_LABELS[String(level)] ?? String(level)
  const text = typeof msg === 'string' ? (escapeControls(msg) === msg ? msg : JSON.stringify(msg)) : ''
  let line = `${clock} ${label} ${text}${prettyFields(fields)}`
  if (err !== null && typeof err === 'object') {
    const { stack, ...rest } = err as Record<string, unknown>
    line += ` err=${prettyValue(rest)}`
    if (typeof stack === 'string') {
      // The stack starts with "Type: message", whose lines may be anyone's text: skipped.
      const messageLines = String(rest.message ?? '').split('\n').length
      for (const frame of stack.split('\n').slice(messageLines).filter((l) => /^\s+at /.test(l))) line += `\n    ${escapeControls(frame.trim())}`
    }
  }
  return `${line}\n`
}
