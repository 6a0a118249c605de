/**
 * The session's memory of a passed check (SPEC.md §2.6: once verified, the session remembers
 * it): the string `true` under `bot_check_verified` in sessionStorage, so it lasts as long as
 * the tab and no longer. Storage errors (private modes, quotas) count as "not remembered".
 */
import { BOT_CHECK_SESSION_KEY } from '../../contract/botcheck.ts'

/** Whether this session already passed the check. */
export function readVerified(storage: Pick<Storage, 'getItem'> | undefined): boolean {
  try {
    return storage?.getItem(BOT_CHECK_SESSION_KEY) === 'true'
  } catch {
    return false
  }
}

/** Records that this session passed the check. */
export function rememberVerified(storage: Pick<Storage, 'setItem'> | undefined): void {
  try {
    storage?.setItem(BOT_CHECK_SESSION_KEY, 'true')
  } catch {
    // not remembered: the next gated page asks again
  }
}

/** The browser's sessionStorage, or undefined where it cannot be reached. */
export function browserSessionStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage
  } catch {
    return undefined
  }
}
