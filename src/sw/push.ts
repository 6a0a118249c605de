/**
 * The service worker's push side (SPEC.md §4 Notifications, §5, §7 "The service worker is
 * registered at the site root with scope /"). Bundled into /sw.js by src/sw/sw.ts.
 *
 * - push: decrypted by the browser; the payload is contract `PushPayload` ({ id, title, body, url,
 *   priority, category?, createdAt?, test?, icon?, badge? }). It is forwarded to every open tab of
 *   the app ({ type: 'engage.push', payload }: the tab adds it at the top of its list when the id
 *   is new) and shown as a system notification whose tag is the notification id, so a tab's own
 *   system notification and the push collapse into one. When a tab is focused and visible, the
 *   tab is where the person is looking: no system notification.
 * - notificationclick: focuses an open app tab and asks it to go to the URL
 *   ({ type: 'engage.navigate', url }), or opens a window. URLs are sanitised first (same-origin
 *   paths, or http(s) URLs; anything else falls back to /app).
 * - pushsubscriptionchange: subscribes again with the same options and tells the open tabs
 *   ({ type: 'engage.subscriptionChanged' }) so the app sends the new subscription to the server.
 *   With no tab open, the next start of the app sends it (push init).
 *
 * The handlers are plain functions over {@link PushScope} (the parts of the service worker global
 * scope they use), published as `self.engageServiceWorker` so src/sw/service-worker.test.ts can
 * drive them. No imports: this module runs in the worker only.
 */

/** Where a notification without a usable URL leads. */
const FALLBACK_PATH = '/app'
const PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const
type Priority = (typeof PRIORITIES)[number]

/** A window client as the handlers see it (`WindowClient`). */
export interface PushClient {
  readonly url: string
  readonly focused: boolean
  readonly visibilityState: string
  postMessage(message: unknown): void
  focus(): Promise<unknown>
}

/** The parts of `ServiceWorkerGlobalScope` the push handlers use. */
export interface PushScope {
  readonly location: { readonly origin: string }
  readonly clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<ReadonlyArray<PushClient>>
    openWindow(url: string): Promise<unknown>
  }
  readonly registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>
    readonly pushManager: { subscribe(options: { userVisibleOnly: boolean; applicationServerKey: unknown }): Promise<unknown> }
  }
}

/** An event with `waitUntil` (`ExtendableEvent`). */
export interface WaitingEvent {
  waitUntil(promise: Promise<unknown>): void
}

/** The push payload the worker forwards and shows. */
export interface ParsedPush {
  readonly id: string
  readonly title: string
  readonly body: string
  readonly url: string
  readonly priority: Priority
  readonly category: string
  readonly createdAt: number | undefined
  readonly test: boolean
  readonly icon: string | undefined
  readonly badge: string | undefined
}

/** What the `push` event carries (`PushMessageData`), or nothing. */
export interface PushData {
  json(): unknown
}

export interface PushEventLike {
  readonly data?: PushData | null | undefined
}

export interface ClickEventLike {
  readonly notification: { readonly data?: { readonly url?: unknown } | null; close(): void }
}

export interface SubscriptionChangeEventLike {
  readonly newSubscription?: unknown
  readonly oldSubscription?: { readonly options?: { readonly applicationServerKey?: unknown } | null } | null
}

/**
 * A safe absolute URL for `raw` (same rules as contract `safeActionUrl`): a same-origin path
 * (resolved against `origin`) or an absolute http(s) URL; anything else (javascript:, data:,
 * protocol-relative, backslashes, control characters) gives null.
 */
export function safeUrl(raw: unknown, origin: string): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(raw)) return null
  if (raw.startsWith('/')) {
    if (raw.startsWith('//')) return null
    return new URL(raw, origin).href
  }
  try {
    const url = new URL(raw)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null
  } catch {
    return null
  }
}

const isPriority = (value: unknown): value is Priority => PRIORITIES.some((p) => p === value)

/** The push payload from a push event's data, or null when it is not one of ours. */
export function parsePush(data: PushData | null | undefined): ParsedPush | null {
  if (!data) return null
  let value: unknown
  try {
    value = data.json()
  } catch {
    return null
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null
  const v = value as Record<string, unknown>
  if (typeof v.id !== 'string' || v.id === '' || typeof v.title !== 'string') return null
  return {
    id: v.id,
    title: v.title,
    body: typeof v.body === 'string' ? v.body : '',
    url: typeof v.url === 'string' ? v.url : FALLBACK_PATH,
    priority: isPriority(v.priority) ? v.priority : 'normal',
    category: typeof v.category === 'string' ? v.category : 'system',
    createdAt: typeof v.createdAt === 'number' ? v.createdAt : undefined,
    test: v.test === true,
    icon: typeof v.icon === 'string' ? v.icon : undefined,
    badge: typeof v.badge === 'string' ? v.badge : undefined,
  }
}

/** Image URLs are used only when same-origin: a push must not make the browser fetch other hosts. */
function sameOriginImage(raw: unknown, origin: string): string | undefined {
  const url = safeUrl(raw, origin)
  return url !== null && new URL(url).origin === origin ? url : undefined
}

/** Options of `showNotification` for a payload. */
export function notificationOptions(payload: ParsedPush, origin: string): NotificationOptions {
  const options: NotificationOptions = {
    body: payload.body,
    tag: payload.id,
    data: { id: payload.id, url: safeUrl(payload.url, origin) ?? new URL(FALLBACK_PATH, origin).href },
    requireInteraction: payload.priority === 'urgent',
  }
  const icon = sameOriginImage(payload.icon || '/favicon.svg', origin)
  if (icon) options.icon = icon
  const badge = sameOriginImage(payload.badge, origin)
  if (badge) options.badge = badge
  return options
}

/** The open windows of this origin, controlled or not. */
async function appWindows(scope: PushScope): Promise<PushClient[]> {
  const origin = scope.location.origin
  const all = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
  return all.filter((client) => {
    try {
      return new URL(client.url).origin === origin
    } catch {
      return false
    }
  })
}

/** `push`: forward to open tabs, then show it unless a tab is in front. */
export async function handlePush(scope: PushScope, event: PushEventLike): Promise<void> {
  const payload = parsePush(event.data)
  if (payload === null) return
  const windows = await appWindows(scope)
  for (const client of windows) client.postMessage({ type: 'engage.push', payload })
  if (windows.some((client) => client.focused && client.visibilityState === 'visible')) return
  await scope.registration.showNotification(payload.title, notificationOptions(payload, scope.location.origin))
}

/** `notificationclick`: focus an app tab and send it to the URL, or open one. */
export async function handleClick(scope: PushScope, event: ClickEventLike): Promise<void> {
  event.notification.close()
  const origin = scope.location.origin
  const data = event.notification.data ?? {}
  const url = safeUrl(data.url, origin) ?? new URL(FALLBACK_PATH, origin).href
  const target = new URL(url)
  if (target.origin !== origin) {
    await scope.clients.openWindow(url)
    return
  }
  const windows = await appWindows(scope)
  const client = windows.find((c) => c.focused) ?? windows[0]
  if (client) {
    await client.focus()
    client.postMessage({ type: 'engage.navigate', url: `${target.pathname}${target.search}${target.hash}` })
    return
  }
  await scope.clients.openWindow(url)
}

/** `pushsubscriptionchange`: subscribe again with the old options; the tabs tell the server. */
export async function handleSubscriptionChange(scope: PushScope, event: SubscriptionChangeEventLike): Promise<void> {
  if (!event.newSubscription) {
    const options = event.oldSubscription?.options
    if (!options?.applicationServerKey) return
    await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
  }
  const windows = await appWindows(scope)
  for (const client of windows) client.postMessage({ type: 'engage.subscriptionChanged' })
}

/** The handlers, as published on `self.engageServiceWorker`. */
export const pushHandlers = { safeUrl, parsePush, notificationOptions, handlePush, handleClick, handleSubscriptionChange }

/** A scope the push handlers can be attached to. */
export interface ListeningScope {
  addEventListener(type: string, listener: (event: never) => void): void
}

/** Attaches the push, click and subscription-change handlers to `scope` and publishes them. */
export function installPush(scope: PushScope & ListeningScope & { engageServiceWorker?: typeof pushHandlers }): void {
  scope.addEventListener('push', (event: PushEventLike & WaitingEvent) => event.waitUntil(handlePush(scope, event)))
  scope.addEventListener('notificationclick', (event: ClickEventLike & WaitingEvent) => event.waitUntil(handleClick(scope, event)))
  scope.addEventListener('pushsubscriptionchange', (event: SubscriptionChangeEventLike & WaitingEvent) =>
    event.waitUntil(handleSubscriptionChange(scope, event).catch((error: unknown) => console.warn('Push: resubscribing failed:', error))),
  )
  scope.engageServiceWorker = pushHandlers
}
