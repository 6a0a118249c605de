/*
 * Engage service worker, served at /sw.js with scope / (SPEC.md §7: "The service worker is
 * registered at the site root with scope /"); registered by src/system/push.ts.
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
 * Plain JavaScript with no imports, served as is from public/. Its handlers are plain functions,
 * also published as `self.engageServiceWorker` so src/sw/service-worker.test.ts can drive them.
 */
'use strict'

/** Where a notification without a usable URL leads. */
const FALLBACK_PATH = '/app'
const PRIORITIES = ['low', 'normal', 'high', 'urgent']

/**
 * A safe absolute URL for `raw` (same rules as contract `safeActionUrl`): a same-origin path
 * (resolved against `origin`) or an absolute http(s) URL; anything else (javascript:, data:,
 * protocol-relative, backslashes, control characters) gives null.
 */
function safeUrl(raw, origin) {
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

/** The push payload from a push event's data, or null when it is not one of ours. */
function parsePush(data) {
  if (!data) return null
  let value
  try {
    value = data.json()
  } catch {
    return null
  }
  if (!value || typeof value !== 'object') return null
  if (typeof value.id !== 'string' || value.id === '' || typeof value.title !== 'string') return null
  return {
    id: value.id,
    title: value.title,
    body: typeof value.body === 'string' ? value.body : '',
    url: typeof value.url === 'string' ? value.url : FALLBACK_PATH,
    priority: PRIORITIES.includes(value.priority) ? value.priority : 'normal',
    category: typeof value.category === 'string' ? value.category : 'system',
    createdAt: typeof value.createdAt === 'number' ? value.createdAt : undefined,
    test: value.test === true,
    icon: typeof value.icon === 'string' ? value.icon : undefined,
    badge: typeof value.badge === 'string' ? value.badge : undefined,
  }
}

/** Image URLs are used only when same-origin: a push must not make the browser fetch other hosts. */
function sameOriginImage(raw, origin) {
  const url = safeUrl(raw, origin)
  return url !== null && new URL(url).origin === origin ? url : undefined
}

/** Options of `showNotification` for a payload. */
function notificationOptions(payload, origin) {
  const options = {
    body: payload.body,
    tag: payload.id,
    data: { id: payload.id, url: safeUrl(payload.url, origin) || new URL(FALLBACK_PATH, origin).href },
    requireInteraction: payload.priority === 'urgent',
  }
  const icon = sameOriginImage(payload.icon || '/favicon.svg', origin)
  if (icon) options.icon = icon
  const badge = sameOriginImage(payload.badge, origin)
  if (badge) options.badge = badge
  return options
}

const appWindows = async (scope) => {
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
async function handlePush(scope, event) {
  const payload = parsePush(event.data)
  if (payload === null) return
  const windows = await appWindows(scope)
  for (const client of windows) client.postMessage({ type: 'engage.push', payload })
  if (windows.some((client) => client.focused && client.visibilityState === 'visible')) return
  await scope.registration.showNotification(payload.title, notificationOptions(payload, scope.location.origin))
}

/** `notificationclick`: focus an app tab and send it to the URL, or open one. */
async function handleClick(scope, event) {
  event.notification.close()
  const origin = scope.location.origin
  const data = event.notification.data || {}
  const url = safeUrl(data.url, origin) || new URL(FALLBACK_PATH, origin).href
  const target = new URL(url)
  if (target.origin !== origin) {
    await scope.clients.openWindow(url)
    return
  }
  const windows = await appWindows(scope)
  const client = windows.find((c) => c.focused) || windows[0]
  if (client) {
    await client.focus()
    client.postMessage({ type: 'engage.navigate', url: `${target.pathname}${target.search}${target.hash}` })
    return
  }
  await scope.clients.openWindow(url)
}

/** `pushsubscriptionchange`: subscribe again with the old options; the tabs tell the server. */
async function handleSubscriptionChange(scope, event) {
  let subscription = event.newSubscription || null
  if (!subscription) {
    const options = event.oldSubscription && event.oldSubscription.options
    if (!options || !options.applicationServerKey) return
    subscription = await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: options.applicationServerKey })
  }
  const windows = await appWindows(scope)
  for (const client of windows) client.postMessage({ type: 'engage.subscriptionChanged' })
}

/** Attaches the handlers to a service worker global scope. */
function install(scope) {
  scope.addEventListener('install', () => scope.skipWaiting())
  scope.addEventListener('activate', (event) => event.waitUntil(scope.clients.claim()))
  scope.addEventListener('push', (event) => event.waitUntil(handlePush(scope, event)))
  scope.addEventListener('notificationclick', (event) => event.waitUntil(handleClick(scope, event)))
  scope.addEventListener('pushsubscriptionchange', (event) =>
    event.waitUntil(handleSubscriptionChange(scope, event).catch((error) => console.warn('Push: resubscribing failed:', error))),
  )
}

self.engageServiceWorker = { safeUrl, parsePush, notificationOptions, handlePush, handleClick, handleSubscriptionChange }
install(self)
