/**
 * SPEC.md §5: a permission-gated button is disabled and shows a denial tooltip when the
 * permission is missing. Tooltip delay 700 ms, close delay 300 ms (SPEC §9).
 *
 * Built on the Button primitive (its `variant`, `size` and `icon` pass through) and the Tooltip
 * primitive. A `disabled` button receives no pointer or focus events, so a denied button is
 * marked `aria-disabled` instead (the Button primitive's gated state: focusable, inert, never
 * submits); the tooltip names the denial (and is announced as its description).
 */
import type { PermissionAction, PermissionResource } from '../../contract/api.ts'
import { can } from '../../contract/permissions.ts'
import { useTranslator } from '../i18n/react.tsx'
import type { Translator } from '../i18n/translator.ts'
import { usePermissions } from '../system/react.tsx'
import { gatedMessages } from './gated.messages.ts'
import { actionLabel, resourceLabel } from '../../contract/permissions.messages.ts'
import { Button, type ButtonProps } from './primitives/Button/Button.tsx'
import { WithTooltip } from './primitives/Tooltip/Tooltip.tsx'

/** SPEC §9 tooltip timings (ms): the Tooltip primitive's. */
export { TOOLTIP_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS } from './primitives/Tooltip/Tooltip.tsx'

/** The denial text for a missing permission in `translator`'s language, e.g. "You need the Create permission on Contacts (basic) to do this." */
export function denialMessage({ t }: Pick<Translator, 't'>, resource: PermissionResource, action: PermissionAction): string {
  return t(gatedMessages.denial, { action: t(actionLabel(action)), resource: t(resourceLabel(resource)) })
}

export interface GatedButtonProps extends Pick<ButtonProps, 'variant' | 'size' | 'icon' | 'children' | 'className' | 'isPending'> {
  readonly resource: PermissionResource
  readonly action: PermissionAction
  readonly onPress?: () => void
  readonly type?: 'button' | 'submit'
}

export function GatedButton({ resource, action, onPress, type = 'button', isPending, ...look }: GatedButtonProps) {
  const allowed = can(usePermissions(), resource, action)
  const translator = useTranslator()
  if (allowed) {
    return <Button {...look} onPress={onPress} type={type} isPending={isPending} />
  }
  return (
    <WithTooltip label={denialMessage(translator, resource, action)} placement="bottom">
      {/* aria-disabled, not disabled: the button stays focusable and hoverable so the denial can be read. */}
      <Button {...look} aria-disabled="true" type="button" data-denied />
    </WithTooltip>
  )
}
