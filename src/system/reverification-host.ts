/**
 * 'Confirm it's you' in the root system, started on first need (docs/decisions.md): the
 * reverification machine, its calls and its contract are a chunk of their own
 * (src/system/reverification.ts), downloaded and started (`app.reverificationLoaded`,
 * machines/app/app.machine.ts) the first time a call answers 403 `reverification_required`, so no
 * page's first load carries them. What the boot holds is this file: the prompt the API client asks
 * (src/api/reverification.ts), and the actor the dialog's host reads (src/routes/providers.tsx),
 * which is closed until the real one starts and then is the real one.
 */
import { type Actor, type ActorLogicFrom, type ActorRefFrom, createActor, createMachine, type Observer, type Subscription, toObserver } from 'xstate'
import type { AppMachine } from '../../machines/app/app.machine.ts'
import { getSystemActor } from '../../machines/app/app.system.ts'
import type { ReverificationEmitted, ReverificationMachine } from '../../machines/reverification/reverification.machine.ts'
import { SystemId } from '../../machines/shared/system-ids.ts'
import type { ReverificationPrompt } from '../api/reverification.ts'
import { loadOnce } from '../platform/load-once.ts'

export type ReverificationActor = ActorRefFrom<ReverificationMachine>

/** Whether this browser can prompt for a passkey (WebAuthn), read once at start without loading the library. */
export const browserHasPasskeys = (win: object | undefined): boolean => typeof (win as { PublicKeyCredential?: unknown } | undefined)?.PublicKeyCredential === 'function'

/** The snapshot of an actor not started yet: `idle`, as the machine starts (the dialog is closed). */
const notStarted = createActor(createMachine({ id: 'reverification', initial: 'idle', states: { idle: {} } })).getSnapshot()

/**
 * The prompt over an actor: asks it (`reverification.requested`, which joins a dialog already
 * open) and resolves with its outcome, true once verified, false once cancelled.
 * @param actor resolves the running actor (late-bound: the API client exists before the system
 *   starts, and the actor itself starts on the first question). A failure to get it rejects (the
 *   API layer counts that as cancelled: the call fails with its 403).
 */
export function reverificationPrompt(actor: () => ReverificationActor | Promise<ReverificationActor>): ReverificationPrompt {
  return {
    confirm: async () => {
      const ref = await actor()
      return new Promise<boolean>((resolve) => {
        const done = (confirmed: boolean) => {
          verified.unsubscribe()
          cancelled.unsubscribe()
          resolve(confirmed)
        }
        const verified = ref.on('reverification.verified', () => done(true))
        const cancelled = ref.on('reverification.cancelled', () => done(false))
        ref.send({ type: 'reverification.requested' })
      })
    },
  }
}

export interface LateReverification {
  /**
   * The root system's `reverification` actor for views: before it starts, a closed dialog (an
   * `idle` snapshot; events sent to it are dropped, as nobody can be asked yet); once started, its
   * snapshots, events and emitted events are the real actor's, and its subscribers are told.
   */
  readonly actor: ReverificationActor
  /** The prompt for the API client: starts the actor on first use, then asks it. */
  readonly prompt: ReverificationPrompt
  /** Downloads the machine's chunk and starts the actor, once (later calls join the first); resolves with it. */
  load(): Promise<ReverificationActor>
  /** The started actor, else null. */
  current(): ReverificationActor | null
}

/**
 * 'Confirm it's you' for `root`, started on first need.
 * @param root the root actor (late-bound: the API client, and this prompt in it, exist before it).
 * @param logic downloads the machine with its calls (src/system/reverification.ts `browserReverification`).
 */
export function lateReverification(root: () => Actor<AppMachine>, logic: () => Promise<ActorLogicFrom<ReverificationMachine>>): LateReverification {
  let started: ReverificationActor | null = null
  const waiting = new Set<(actor: ReverificationActor) => void>()
  const load = loadOnce(async () => {
    const provided = await logic()
    const app = root()
    if (!app.getSnapshot().matches({ reverification: 'running' })) app.send({ type: 'app.reverificationLoaded', reverification: { logic: provided } })
    started = getSystemActor(app.system, SystemId.reverification)
    for (const listener of [...waiting]) listener(started)
    waiting.clear()
    return started
  })
  /** Runs `attach` with the actor now if started, else when it starts; returns what undoes both. */
  const whenStarted = (attach: (actor: ReverificationActor) => Subscription): Subscription => {
    let inner: Subscription | null = null
    if (started !== null) inner = attach(started)
    const listener = (actor: ReverificationActor) => {
      inner = attach(actor)
    }
    if (inner === null) waiting.add(listener)
    return {
      unsubscribe: () => {
        waiting.delete(listener)
        inner?.unsubscribe()
      },
    }
  }
  const actor = {
    id: SystemId.reverification,
    getSnapshot: () => started?.getSnapshot() ?? notStarted,
    send: (event: Parameters<ReverificationActor['send']>[0]) => started?.send(event),
    subscribe: (next?: Observer<unknown> | ((snapshot: unknown) => void), error?: (error: unknown) => void, complete?: () => void): Subscription => {
      const observer = toObserver(next as Observer<unknown>, error, complete)
      const alreadyStarted = started !== null
      return whenStarted((real) => {
        const subscription = real.subscribe(observer)
        // Subscribed before the start: the snapshot changed from the stand-in's to the real one's.
        if (!alreadyStarted) observer.next?.(real.getSnapshot())
        return subscription
      })
    },
    on: ((type: ReverificationEmitted['type'], handler: (event: ReverificationEmitted) => void): Subscription =>
      whenStarted((real) => real.on(type, handler))) as ReverificationActor['on'],
  }
  return {
    // Only what the dialog, its host, waitFor and the prompt use of an actor ref: the rest is the real actor's once started.
    actor: actor as unknown as ReverificationActor,
    prompt: reverificationPrompt(load),
    load,
    current: () => started,
  }
}
