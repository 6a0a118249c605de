/**
 * SPEC.md §5: a permission-gated button is disabled and shows a denial tooltip when the
 * permission is missing. Tooltip delay 700 ms, close delay 300 ms (SPEC §9).
 *
 * A `disabled` button receives no pointer or focus events, so a denied button is marked
 * `aria-disabled` instead and does nothing on press; the tooltip names the denial (and is
 * announced as its description).
 */
import type { ReactNode } from 'react'
import { Button, Tooltip, TooltipTrigger } from 'react-aria-components'
import type { PermissionAction, PermissionResource } from '../../contract/api.ts'
import { ACTION_LABELS, RESOURCE_METADATA, can } from '../../contract/permissions.ts'
import { usePermissions } from '../system/react.tsx'
import * as css from './GatedButton.css.ts'
import * as page from './Page.css.ts'

/** SPEC §9 tooltip timings (ms). */
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_CLOSE_DELAY_MS = 300

/** The denial text for a missing permission, e.g. "You need the Create permission on Contacts (basic)." */
export function denialMessage(resource: PermissionResource, action: PermissionAction): string {
  return `You need the ${ACTION_LABELS[action]} permission on ${RESOURCE_METADATA[resource].label} to do this.`
}

export interface GatedButtonProps {
  readonly resource: PermissionResource
  readonly action: PermissionAction
  readonly onPress?: () => void
  readonly children: ReactNode
  readonly className?: string
  readonly type?: 'button' | 'submit'
  readonly isPending?: boolean
}

export function GatedButton({ resource, action, onPress, children, className = page.button, type = 'button', isPending }: GatedButtonProps) {
  const allowed = can(usePermissions(), resource, action)
  if (allowed) {
    return (
      <Button className={className} onPress={onPress} type={type} isPending={isPending}>
        {children}
      </Button>
    )
  }
  const denial = denialMessage(resource, action)
  return (
    <TooltipTrigger delay={TOOLTIP_DELAY_MS} closeDelay={TOOLTIP_CLOSE_DELAY_MS}>
      {/* aria-disabled, not disabled: the button stays focusable and hoverable so the denial can be read. */}
      <Button className={className} aria-disabled="true" type="button" data-denied>
        {children}
      </Button>
      <Tooltip className={css.tooltip} placement="bottom">
        {denial}
      </Tooltip>
    </TooltipTrigger>
  )
}
