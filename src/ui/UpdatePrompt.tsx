/**
 * The update prompt (SPEC.md §2.3 "A banner/prompt offers a refresh when a new app version is
 * available", §4 Version check): a polite, non-modal banner with 'Update' and 'Later'. It reads
 * the `versionCheck` actor and only sends `version.update` / `version.later`.
 *
 * The live region is always mounted, so screen readers announce the offer when it appears.
 */
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { VersionCheckMachine } from '../../machines/versionCheck/versionCheck.machine.ts'
import { selectUpdatePrompt } from '../../machines/versionCheck/versionCheck.selectors.ts'
import { useTranslator } from '../i18n/react.tsx'
import { updateMessages as m } from './update.messages.ts'
import { Button } from './primitives/Button/Button.tsx'
import * as css from './UpdatePrompt.css.ts'

/** SPEC §2.3 wording for the offer, in English (tests); the prompt shows it in the reader's language. */
export const UPDATE_AVAILABLE_TEXT = 'A new app version is available.'
export const UPDATING_TEXT = 'Updating to the new version…'

export type VersionCheckActor = ActorRefFrom<VersionCheckMachine>

export function UpdatePrompt({ actor }: { actor: VersionCheckActor }) {
  const state = useSelector(actor, selectUpdatePrompt)
  const { t } = useTranslator()
  return (
    <div className={css.anchor} aria-live="polite">
      {state !== 'hidden' && (
        <section className={css.banner} aria-label={t(m.region)}>
          <p className={css.text}>{t(state === 'offered' ? m.available : m.updating)}</p>
          <div className={css.actions}>
            <Button variant="secondary" size="sm" isDisabled={state === 'updating'} onPress={() => actor.send({ type: 'version.later' })}>
              {t(m.later)}
            </Button>
            <Button size="sm" isDisabled={state === 'updating'} isPending={state === 'updating'} onPress={() => actor.send({ type: 'version.update' })}>
              {t(m.update)}
            </Button>
          </div>
        </section>
      )}
    </div>
  )
}
