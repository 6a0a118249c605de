/**
 * The notification rows' icon buttons and their one tooltip (the panel's interactions).
 *
 * Each row has four icon buttons; as IconButtons (a react-aria button inside its own tooltip
 * trigger) 20 rows made 80 of each, and opening the panel or 'Mark all read' spent most of its
 * time rendering them (docs/performance.md, Interactions). Here a row's button is a native
 * `<button>` named by its `aria-label` (Enter and Space press it, as any button), and the list
 * shows ONE tooltip for whichever row button the pointer rests on (after `TOOLTIP_DELAY_MS`, as
 * everywhere) or keyboard focus reaches (at once), found through `data-tip`. The tooltip only
 * repeats the button's name for sighted people; it is not the accessible name.
 */
import { type ReactNode, type RefObject, useEffect, useMemo, useRef, useState } from 'react'
import { OverlayArrow, Tooltip, TooltipTriggerStateContext } from 'react-aria-components'
import { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS } from '../primitives/Tooltip/Tooltip.tsx'
import * as tooltipCss from '../primitives/Tooltip/Tooltip.css.ts'
import { useLayer } from '../primitives/layers.ts'
import { useNeedsConnection } from './NeedsConnection.tsx'
import * as css from './RowActions.css.ts'

/**
 * One row button: `label` is its accessible name and its tooltip; `icon` is decorative. `leaves`
 * (archive, delete): the press takes the row away, so keyboard focus first moves to the same
 * button of the next row (else the previous one), as a mail client's list does. Left to itself, the
 * focus would drop with the removed button and the panel's focus scope would look for a new
 * place through the whole dialog (about a third of archiving's time in a profile).
 */
export function RowAction({ label, onPress, leaves = false, children }: { label: string; onPress: () => void; leaves?: boolean; children: ReactNode }) {
  // Offline, every row action needs the server: aria-disabled (still focusable, its tooltip gives the reason).
  const needsConnection = useNeedsConnection()
  return (
    <button
      type="button"
      className={css.rowAction}
      aria-label={label}
      aria-disabled={needsConnection === null ? undefined : true}
      data-tip={needsConnection === null ? label : `${label} · ${needsConnection}`}
      onClick={(event) => {
        if (needsConnection !== null) return
        if (leaves) handOffFocus(event.currentTarget)
        onPress()
      }}
    >
      {children}
    </button>
  )
}

/** Moves focus from `button` (when it has it) to the same action ('Archive: …') in the next or previous row. */
function handOffFocus(button: HTMLButtonElement): void {
  if (button.ownerDocument.activeElement !== button) return
  const row = button.closest('li')
  const sibling = row?.nextElementSibling ?? row?.previousElementSibling
  if (!sibling) return
  const action = (b: HTMLElement) => b.dataset.tip?.split(':')[0]
  const buttons = [...sibling.querySelectorAll<HTMLButtonElement>('button[data-tip]')]
  const target = buttons.find((b) => action(b) === action(button)) ?? buttons[0]
  if (!target) return
  // No tooltip for this move: the row it was measured against is about to leave, and it would stay behind.
  target.dataset.tipQuiet = ''
  target.focus({ preventScroll: true })
  delete target.dataset.tipQuiet
}

/** What the shared tooltip shows: the button it points at, and its text. */
interface Tip {
  readonly target: HTMLElement
  readonly label: string
}

/**
 * The one tooltip of the row buttons inside `container`: follows the pointer and keyboard focus
 * through the container's events, so rows carry no tooltip machinery of their own.
 */
export function RowActionTips({ container }: { container: RefObject<HTMLElement | null> }) {
  const [tip, setTip] = useState<Tip | null>(null)
  const targetRef = useRef<HTMLElement | null>(null)
  const zIndex = useLayer('tooltip')
  useEffect(() => {
    const root = container.current
    if (!root) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const later = (f: () => void, ms: number) => {
      clearTimeout(timer)
      timer = setTimeout(f, ms)
    }
    const tipOf = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>('[data-tip]') : null)
    const show = (target: HTMLElement) => {
      targetRef.current = target
      setTip({ target, label: target.dataset.tip ?? '' })
    }
    const hide = () => setTip(null)
    const onOver = (event: PointerEvent) => {
      const target = tipOf(event)
      if (target && event.pointerType !== 'touch') later(() => show(target), TOOLTIP_DELAY_MS)
    }
    const onOut = (event: PointerEvent) => {
      if (tipOf(event)) later(hide, TOOLTIP_CLOSE_DELAY_MS)
    }
    const onFocus = (event: FocusEvent) => {
      const target = tipOf(event)
      // Keyboard focus only, as react-aria's tooltips: a click focuses the button too.
      if (target?.matches(':focus-visible') && target.dataset.tipQuiet === undefined) {
        clearTimeout(timer)
        show(target)
      }
    }
    const onBlur = (event: FocusEvent) => {
      if (tipOf(event)) {
        clearTimeout(timer)
        hide()
      }
    }
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide()
    }
    const onPress = () => {
      clearTimeout(timer)
      hide()
    }
    const listeners = [
      ['pointerover', onOver],
      ['pointerout', onOut],
      ['focusin', onFocus],
      ['focusout', onBlur],
      ['keydown', onKey],
      ['pointerdown', onPress],
    ] as Array<[string, (event: never) => void]>
    for (const [type, listener] of listeners) root.addEventListener(type, listener as EventListener)
    return () => {
      clearTimeout(timer)
      for (const [type, listener] of listeners) root.removeEventListener(type, listener as EventListener)
    }
  }, [container])
  // A row that left (archived, deleted) takes its button along: no tooltip for a detached button.
  const open = tip !== null && tip.target.isConnected
  // The state a TooltipTrigger would give the tooltip; here the container's events drive it.
  const state = useMemo(() => ({ isOpen: open, open: () => {}, close: () => setTip(null), shouldSkipAnimation: false }), [open])
  return (
    <TooltipTriggerStateContext value={state}>
      <Tooltip triggerRef={targetRef} placement="bottom" offset={8} className={tooltipCss.tooltip} style={{ zIndex }}>
        <OverlayArrow className={tooltipCss.arrow}>
          <svg width={8} height={4} viewBox="0 0 8 4" aria-hidden="true">
            <path d="M0 0 L4 4 L8 0 Z" />
          </svg>
        </OverlayArrow>
        {tip?.label}
      </Tooltip>
    </TooltipTriggerStateContext>
  )
}
