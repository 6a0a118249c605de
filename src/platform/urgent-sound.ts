/**
 * The urgent-notification sound (Attention outside the page): a per-browser preference,
 * off by default, in localStorage under `engage_urgent_sound` ('on' when chosen; anything else is
 * off), and the chime itself, made with the Web Audio API (two short sine tones, no audio file).
 */

/** localStorage key of the preference; 'on' or absent. */
export const URGENT_SOUND_KEY = 'engage_urgent_sound'

/** The storage as far as the preference needs it (localStorage in the browser). */
export type PreferenceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/** Whether the sound is on for this browser; false when unset or when storage cannot be read. */
export function readUrgentSound(storage: PreferenceStorage | null | undefined): boolean {
  try {
    return storage?.getItem(URGENT_SOUND_KEY) === 'on'
  } catch {
    return false
  }
}

/** Saves the choice (off removes the key); storage failures (private mode, quota) are ignored. */
export function writeUrgentSound(storage: PreferenceStorage | null | undefined, on: boolean): void {
  try {
    if (on) storage?.setItem(URGENT_SOUND_KEY, 'on')
    else storage?.removeItem(URGENT_SOUND_KEY)
  } catch {
    // The switch still shows the choice for this page's life.
  }
}

/** The two tones of the chime: frequency (Hz), start and length (s, from now). */
export const CHIME_TONES: ReadonlyArray<{ readonly hz: number; readonly at: number; readonly length: number }> = [
  { hz: 880, at: 0, length: 0.15 },
  { hz: 1318.5, at: 0.16, length: 0.22 },
]
/** The chime's peak gain (0..1): audible, not startling. */
const CHIME_GAIN = 0.2

/** The part of AudioContext the chime uses. */
export type ChimeAudioContext = Pick<AudioContext, 'currentTime' | 'destination' | 'createOscillator' | 'createGain' | 'close' | 'resume'> & {
  readonly state?: AudioContextState
}

/**
 * Plays the two-tone chime through a new AudioContext made by `makeContext`, closed once it has
 * finished. Failures (no Web Audio, autoplay policy refusing to start it) are ignored: the sound
 * is an extra, the notification is still in the list.
 */
export function playChime(makeContext: (() => ChimeAudioContext) | null): void {
  if (!makeContext) return
  try {
    const ctx = makeContext()
    // A context made without a user gesture may start suspended; resume is refused then, silently.
    if (ctx.state === 'suspended') void ctx.resume().catch(() => {})
    const t0 = ctx.currentTime
    for (const tone of CHIME_TONES) {
      const osc = ctx.createOscillator()
      const gain = ctx.createGain()
      osc.type = 'sine'
      osc.frequency.setValueAtTime(tone.hz, t0 + tone.at)
      // A quick attack and an exponential fade, so the tones do not click.
      gain.gain.setValueAtTime(0.0001, t0 + tone.at)
      gain.gain.exponentialRampToValueAtTime(CHIME_GAIN, t0 + tone.at + 0.01)
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + tone.at + tone.length)
      osc.connect(gain)
      gain.connect(ctx.destination)
      osc.start(t0 + tone.at)
      osc.stop(t0 + tone.at + tone.length)
      if (tone === CHIME_TONES[CHIME_TONES.length - 1]) osc.onended = () => void ctx.close().catch(() => {})
    }
  } catch {
    // No Web Audio, or it refused: no sound.
  }
}

/** The window's AudioContext maker, or null where Web Audio is missing. */
export function windowAudioContext(win: Window): (() => ChimeAudioContext) | null {
  const w = win as Window & { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }
  const Ctor = w.AudioContext ?? w.webkitAudioContext
  return Ctor ? () => new Ctor() : null
}
