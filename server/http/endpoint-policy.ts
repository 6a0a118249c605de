/**
 * Which URLs the server will POST to on a member's word: push endpoints (SPEC.md §7 web-push
 * calls; server/push) and webhook endpoints (server/webhooks), each with its own allow-list
 * (`PUSH_ENDPOINT_ALLOW_HOSTS`, `WEBHOOK_ENDPOINT_ALLOW_HOSTS`).
 *
 * Such a URL comes from a member, and the server later POSTs to it: left unchecked, any member
 * could make the server call internal services (SSRF). The rule:
 *
 * - hosts on the allow-list (`PUSH_ENDPOINT_ALLOW_HOSTS`, `host` or `host:port`) may use http or
 *   https and any address: that is how tests and a local push service are reached;
 * - every other endpoint must be `https:` on the default port, without credentials, and name a
 *   public host: no `localhost`, no single-label or `.local`/`.internal`/`.localhost` names, no IP
 *   literal in a private, loopback, link-local, shared, documentation, multicast or reserved range;
 * - at send time a host name is resolved through {@link guardedLookup}, which refuses the
 *   connection when any address it resolves to is such an address (DNS rebinding).
 *
 * Real push services (FCM, Mozilla autopush, WNS, Apple) are public https hosts on port 443, so
 * they pass without configuration.
 */
import dns from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/** Server policy for endpoints (from server/config.ts). */
export interface EndpointPolicy {
  /** Lower-case `host` or `host:port` entries (IPv6 in brackets). */
  readonly allowHosts: ReadonlyArray<string>
}

export type EndpointCheck =
  | { readonly ok: true; readonly url: URL; readonly allowListed: boolean }
  | { readonly ok: false; readonly reason: string }

// Two lists: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 subnets too, and
// ::ffff:0:0/96 is refused whole.
const blocked4 = new BlockList()
const blocked6 = new BlockList()
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked4.addSubnet(net, prefix, 'ipv4')
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 32],
  ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked6.addSubnet(net, prefix, 'ipv6')

/**
 * Whether `address` (an IPv4 or IPv6 literal, without brackets) is not a public unicast address.
 * Anything that is not an IP literal answers true (refused rather than guessed).
 */
export function isNonPublicAddress(address: string): boolean {
  const family = isIP(address)
  if (family === 4) return blocked4.check(address, 'ipv4')
  if (family === 6) return blocked6.check(address, 'ipv6')
  return true
}

const isAllowListed = (url: URL, policy: EndpointPolicy) => {
  const host = url.host.toLowerCase()
  const hostname = url.hostname.toLowerCase()
  return policy.allowHosts.includes(host) || policy.allowHosts.includes(hostname)
}

/**
 * Checks an endpoint against the policy (no DNS: names are checked again at connect time).
 * @returns the parsed URL and whether its host is allow-listed, or the reason it is refused
 *   (a sentence for the 400 issue).
 */
export function checkEndpoint(endpoint: string, policy: EndpointPolicy): EndpointCheck {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return { ok: false, reason: 'The endpoint is not a valid URL' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'The endpoint must be an https URL' }
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'The endpoint must not carry credentials' }
  if (isAllowListed(url, policy)) return { ok: true, url, allowListed: true }
  if (url.protocol !== 'https:') return { ok: false, reason: 'The endpoint must be an https URL' }
  if (url.port !== '') return { ok: false, reason: 'The endpoint must use the default https port' }
  const hostname = url.hostname.toLowerCase()
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname
  if (isIP(literal) !== 0) {
    return isNonPublicAddress(literal) ? { ok: false, reason: 'The endpoint must not name a private or reserved address' } : { ok: true, url, allowListed: false }
  }
  const name = hostname.replace(/\.$/, '')
  if (!name.includes('.') || name === 'localhost' || /\.(localhost|local|internal|localdomain|home\.arpa|arpa)$/.test(name)) {
    return { ok: false, reason: 'The endpoint must name a public host' }
  }
  return { ok: true, url, allowListed: false }
}

/**
 * A `lookup` for http(s) requests that resolves as usual but fails with `EPUSHADDRESS` when any
 * resolved address is not public, so a host name that points at an internal address (or is
 * re-pointed after the subscribe check) cannot be reached.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0)
    const list = addresses as unknown as dns.LookupAddress[]
    const refused = list.find((a) => isNonPublicAddress(a.address))
    if (refused !== undefined || list.length === 0) {
      const failure = Object.assign(new Error(`The push endpoint ${hostname} resolves to a non-public address`), { code: 'EPUSHADDRESS' })
      return callback(failure, '', 0)
    }
    if ((options as dns.LookupOptions).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list)
    const [first] = list
    callback(null, first!.address, first!.family)
  })
}
