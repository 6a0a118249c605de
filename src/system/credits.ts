/** The credits machine's browser side (machines/credits; SPEC §3 Credits summary, §7): the summary call and the focus listener. */
import { fromPromise } from 'xstate'
import { type CreditsEvent, creditsMachine } from '../../machines/credits/credits.machine.ts'
import type { Endpoints } from '../api/endpoints.ts'
import type { EventTargetLike } from '../platform/window-events.ts'
import { domEventsActor } from './listeners.ts'

/**
 * The credits machine with its HTTP actor and, given a window, `credits.focused` on every window
 * `focus` (the machine throttles). SPEC §7: the client reads `data.summary`.
 */
export function browserCredits(api: Endpoints, win: EventTargetLike | undefined) {
  return creditsMachine.provide({
    actors: {
      loadCredits: fromPromise(async () => (await api.monthlyCreditsUsage()).data.summary),
      ...(win ? { focusListener: domEventsActor<CreditsEvent>(win, ['focus'], () => ({ type: 'credits.focused' })) } : {}),
    },
  })
}
