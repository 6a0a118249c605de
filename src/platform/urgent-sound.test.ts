import { describe, expect, it, vi } from 'vitest'
import { type ChimeAudioContext, CHIME_TONES, playChime, readUrgentSound, URGENT_SOUND_KEY, writeUrgentSound } from './urgent-sound.ts'

const memory = () => {
  const map = new Map<string, string>()
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    map,
  }
}

describe('urgent sound preference (localStorage engage_urgent_sound)', () => {
  it('is off by default, on after choosing it, off again after turning it off', () => {
    const storage = memory()
    expect(readUrgentSound(storage)).toBe(false)
    writeUrgentSound(storage, true)
    expect(storage.map.get(URGENT_SOUND_KEY)).toBe('on')
    expect(readUrgentSound(storage)).toBe(true)
    writeUrgentSound(storage, false)
    expect(storage.map.has(URGENT_SOUND_KEY)).toBe(false)
    expect(readUrgentSound(storage)).toBe(false)
  })

  it('reads off and ignores writes when storage fails or is missing', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError')
      },
      setItem: () => {
        throw new Error('QuotaExceededError')
      },
      removeItem: () => {},
    }
    expect(readUrgentSound(broken)).toBe(false)
    expect(() => writeUrgentSound(broken, true)).not.toThrow()
    expect(readUrgentSound(null)).toBe(false)
  })
})

describe('playChime (Web Audio)', () => {
  it('schedules one oscillator per tone and closes the context after the last', () => {
    const started: number[] = []
    const oscillators: Array<{ onended: (() => void) | null }> = []
    const close = vi.fn(async () => {})
    const param = () => ({ setValueAtTime: vi.fn(), exponentialRampToValueAtTime: vi.fn() })
    const ctx = {
      currentTime: 10,
      destination: {},
      state: 'running',
      resume: vi.fn(async () => {}),
      close,
      createGain: () => ({ gain: param(), connect: vi.fn() }),
      createOscillator: () => {
        const osc = {
          type: '',
          frequency: param(),
          connect: vi.fn(),
          start: (at: number) => void started.push(at),
          stop: vi.fn(),
          onended: null as (() => void) | null,
        }
        oscillators.push(osc)
        return osc
      },
    } as unknown as ChimeAudioContext
    playChime(() => ctx)
    expect(started).toEqual(CHIME_TONES.map((t) => 10 + t.at))
    oscillators.at(-1)!.onended!()
    expect(close).toHaveBeenCalled()
  })

  it('ignores a missing or refusing Web Audio', () => {
    expect(() => playChime(null)).not.toThrow()
    expect(() =>
      playChime(() => {
        throw new Error('NotAllowedError')
      }),
    ).not.toThrow()
  })
})
