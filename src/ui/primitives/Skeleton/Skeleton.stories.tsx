import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { DEFAULT_LOADING_LABEL, SKELETON_SHAPES, Skeleton } from './Skeleton.tsx'

const meta: Meta<typeof Skeleton> = {
  title: 'Primitives/Skeleton',
  component: Skeleton,
  argTypes: { shape: { control: 'inline-radio', options: SKELETON_SHAPES } },
  parameters: { layout: 'padded' },
  render: (args) => (
    <div style={{ maxWidth: 480 }}>
      <Skeleton {...args} />
    </div>
  ),
}
export default meta
type Story = StoryObj<typeof Skeleton>

/** The placeholders are hidden from screen readers; the status says 'Loading…'. */
async function expectHiddenShapes(canvasElement: HTMLElement, count: number) {
  const status = within(canvasElement).getByRole('status')
  const visual = status.querySelector('[aria-hidden="true"]')
  await expect(visual).not.toBeNull()
  await expect(visual?.children).toHaveLength(count)
  return status
}

/** Three lines of text, the last shorter. */
export const Lines: Story = {
  args: { shape: 'line', count: 3 },
  play: async ({ canvasElement }) => {
    const status = await expectHiddenShapes(canvasElement, 3)
    await expect(status).toHaveTextContent(DEFAULT_LOADING_LABEL)
  },
}

/** A block (a card or a chart). */
export const Block: Story = {
  args: { shape: 'block', height: 160 },
  play: async ({ canvasElement }) => {
    await expectHiddenShapes(canvasElement, 1)
    await expect((within(canvasElement).getByRole('status').querySelector('[aria-hidden="true"] > *') as HTMLElement).getBoundingClientRect().height).toBe(160)
  },
}

/** Avatars. */
export const Circles: Story = {
  args: { shape: 'circle', count: 4 },
  play: async ({ canvasElement }) => {
    await expectHiddenShapes(canvasElement, 4)
  },
}

/** The status text names what loads. */
export const CustomLabel: Story = {
  args: { shape: 'line', count: 2, label: 'Loading team members…' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading team members…')
  },
}

/** Lines in the dark theme. */
export const Dark: Story = {
  ...Lines,
  globals: { theme: 'dark' },
}

/** The pulse runs, and a `prefers-reduced-motion: reduce` rule stops it. */
export const ReducedMotion: Story = {
  args: { shape: 'line', count: 2 },
  play: async ({ canvasElement }) => {
    const bone = within(canvasElement).getByRole('status').querySelector('[aria-hidden="true"] > *') as HTMLElement
    const reduced = matchMedia('(prefers-reduced-motion: reduce)').matches
    await expect(getComputedStyle(bone).animationName === 'none').toBe(reduced)
    const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
    const stops = rules
      .filter((rule): rule is CSSMediaRule => rule instanceof CSSMediaRule && rule.conditionText.includes('prefers-reduced-motion: reduce'))
      .flatMap((media) => [...media.cssRules])
      .filter((rule): rule is CSSStyleRule => rule instanceof CSSStyleRule && [...bone.classList].some((c) => rule.selectorText.includes(c)))
    await expect(stops.map((rule) => rule.style.animationName)).toContain('none')
  },
}
