import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { URGENT_SOUND_KEY } from '../src/platform/urgent-sound.ts'
import { URGENT_SOUND_LABEL, UrgentSoundSetting } from '../src/pages/preferences/UrgentSoundSetting.tsx'
import { ENGLISH } from '../src/i18n/catalogue.ts'
import { createTranslator } from '../src/i18n/translator.ts'

/** An in-memory Storage, so stories never touch the browser's real preference. */
function memoryStorage(entries: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(entries))
  return {
    get length() {
      return map.size
    },
    clear: () => map.clear(),
    getItem: (k) => map.get(k) ?? null,
    key: (i) => [...map.keys()][i] ?? null,
    removeItem: (k) => void map.delete(k),
    setItem: (k, v) => void map.set(k, v),
  }
}

/** The texts as an English reader sees them. */
const english = createTranslator(ENGLISH)

const meta: Meta<typeof UrgentSoundSetting> = {
  title: 'Pages/Notification settings/Urgent sound',
  tags: ['!autodocs'],
  component: UrgentSoundSetting,
}
export default meta
type Story = StoryObj<typeof UrgentSoundSetting>

/** Off (the default); turning it on stores `engage_urgent_sound`. */
export const Off: Story = {
  args: { storage: memoryStorage() },
  play: async ({ canvasElement, args }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: english.t(URGENT_SOUND_LABEL) })
    await expect(toggle).not.toBeChecked()
    await userEvent.click(toggle)
    await expect(toggle).toBeChecked()
    await expect(args.storage?.getItem(URGENT_SOUND_KEY)).toBe('on')
  },
}

/** On, as chosen earlier in this browser. */
export const On: Story = {
  args: { storage: memoryStorage({ [URGENT_SOUND_KEY]: 'on' }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('switch', { name: english.t(URGENT_SOUND_LABEL) })).toBeChecked()
  },
}
