/**
 * Button, LinkButton and `buttonStyle`: the product's one button look.
 *
 * - `Button`: react-aria `Button` with `variant` (`BUTTON_VARIANTS`: 'primary' | 'secondary' |
 *   'ghost' | 'danger', default 'primary'), `size` (`BUTTON_SIZES`: 'sm' | 'md', default 'md'),
 *   an optional leading `icon` (a decorative element, e.g. `<Plus size={16} />`), `isPending`
 *   (spinner in the icon's place, presses ignored, still focusable) and every other react-aria
 *   Button prop (`onPress`, `type`, `isDisabled`, `slot`, `ref`, ...). A gated button
 *   (`aria-disabled="true"`) stays focusable and hoverable, so a tooltip can say why, but never
 *   fires `onPress` nor submits a form.
 * - `LinkButton`: react-aria `Link` (an `<a href>`) that looks like a Button (same variant, size, icon).
 * - `buttonStyle({ variant, size })`: the class string, for the rare element that must look like
 *   a button without being one of these.
 *
 * States are styled from react-aria's data attributes ([data-hovered], [data-pressed],
 * [data-disabled], [data-pending], [data-focus-visible]) and `aria-disabled`; see Button.css.ts.
 */
import LoaderCircle from 'lucide-react/icons/loader-circle'
import type { ReactNode, Ref } from 'react'
import { Button as AriaButton, type ButtonProps as AriaButtonProps, Link as AriaLink, type LinkProps as AriaLinkProps } from 'react-aria-components'
import * as css from './Button.css.ts'

export const BUTTON_VARIANTS = ['primary', 'secondary', 'ghost', 'danger'] as const
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number]

export const BUTTON_SIZES = ['sm', 'md'] as const
export type ButtonSize = (typeof BUTTON_SIZES)[number]

/** The class string of a button of `variant` and `size` (defaults 'primary', 'md'). */
export function buttonStyle({ variant = 'primary', size = 'md' }: { variant?: ButtonVariant; size?: ButtonSize } = {}): string {
  return `${css.variant[variant]} ${css.size[size]}`
}

/**
 * The press props of a button that may be gated (`aria-disabled="true"`: focusable for its
 * tooltip, but inert): a gated button drops `onPress` and never submits a form.
 */
export function gatedPress({
  onPress,
  type,
  ...props
}: Pick<AriaButtonProps, 'onPress' | 'type' | 'aria-disabled'>): Pick<AriaButtonProps, 'onPress' | 'type'> {
  const gated = props['aria-disabled'] === true || props['aria-disabled'] === 'true'
  return gated ? { onPress: undefined, type: 'button' } : { onPress, type }
}

/** The spinner that takes a pending button's icon place (decorative: react-aria announces pending). */
export function PendingSpinner({ size = 16 }: { size?: number }) {
  return <LoaderCircle size={size} aria-hidden="true" className={css.spinner} />
}

interface ButtonLook {
  variant?: ButtonVariant
  size?: ButtonSize
  /** A decorative leading icon, e.g. `<Plus size={16} />`. */
  icon?: ReactNode
  /** Extra class names after the button's own (layout only: margins, grid placement). */
  className?: string
  children?: ReactNode
}

export interface ButtonProps extends Omit<AriaButtonProps, 'className' | 'children' | 'style'>, ButtonLook {
  ref?: Ref<HTMLButtonElement>
}

export interface LinkButtonProps extends Omit<AriaLinkProps, 'className' | 'children' | 'style'>, ButtonLook {
  ref?: Ref<HTMLAnchorElement>
}

function classes(look: ButtonLook): string {
  const own = buttonStyle({ variant: look.variant, size: look.size })
  return look.className ? `${own} ${look.className}` : own
}

function Content({ icon, isPending, children }: { icon: ReactNode; isPending: boolean; children: ReactNode }) {
  const lead = isPending ? <PendingSpinner /> : icon
  return (
    <>
      {lead ? (
        <span className={css.icon} aria-hidden="true">
          {lead}
        </span>
      ) : null}
      {children}
    </>
  )
}

export function Button({ variant, size, icon, className, children, isPending = false, onPress, type, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      {...gatedPress({ onPress, type, 'aria-disabled': props['aria-disabled'] })}
      isPending={isPending}
      className={classes({ variant, size, className })}
    >
      <Content icon={icon} isPending={isPending}>
        {children}
      </Content>
    </AriaButton>
  )
}

export function LinkButton({ variant, size, icon, className, children, ...props }: LinkButtonProps) {
  return (
    <AriaLink {...props} className={classes({ variant, size, className })}>
      <Content icon={icon} isPending={false}>
        {children}
      </Content>
    </AriaLink>
  )
}
