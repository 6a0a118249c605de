/**
 * The floating 'Report a bug' button and the bug-report modal (SPEC.md §2.6), drawn from a
 * `bugReport` actor in whatever state it is (stories hand it one from a saved state). Views only
 * read selectors and send events: the rules live in machines/bugReport.
 *
 * The screenshot can be picked with a file chooser, pasted from the clipboard anywhere in the
 * dialog, or typed as an http(s) URL. The reporter email is read-only: it is the signed-in user's
 * (the server takes it from the session anyway).
 */
import { useSelector } from '@xstate/react'
import BugIcon from 'lucide-react/icons/bug'
import { Suspense, useState } from 'react'
import type { ActorRefFrom } from 'xstate'
import type { BugReportMachine } from '../../../machines/bugReport/bugReport.machine.ts'
import { bugReportMessages as m } from '../../../machines/bugReport/bugReport.messages.ts'
import { selectButtonVisible, selectIsOpen } from '../../../machines/bugReport/bugReport.selectors.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { showsBugReportButton } from '../../navigation/paths.ts'
import { lazyOnDemand } from '../../platform/lazy-on-demand.ts'
import { loadUntilLoaded } from '../../platform/load-until-loaded.ts'
import { Button } from '../primitives/Button/Button.tsx'
import { WithTooltip } from '../primitives/Tooltip/Tooltip.tsx'
import * as css from './BugReport.css.ts'

// The modal and its form load on first use (hover, focus or press of the button), and a
// failed download (the server restarting) is tried again rather than thrown.
const dialog = lazyOnDemand(
  () => loadUntilLoaded(() => import('./BugReportDialog.tsx')),
  (m) => m.BugReportDialog,
)

export type BugReportActor = ActorRefFrom<BugReportMachine>

export interface BugReportViewProps {
  readonly actor: BugReportActor
  /** The current path: the button is hidden on paths containing /app/integrations (SPEC §2.3). */
  readonly pathname: string
  /** The signed-in user's email, or null for a visitor (the report is then anonymous). */
  readonly reporterEmail: string | null
}

/**
 * The button, and the modal (src/ui/bugReport/BugReportDialog.tsx) from its first opening on.
 * Nothing at all once hidden forever or on /app/integrations paths. The button floats in the
 * corner on wide screens and docks at the end of the page on phones (BugReport.css.ts `dock`),
 * so it never covers a row, its actions or a call to action.
 */
export function BugReportView({ actor, pathname, reporterEmail }: BugReportViewProps) {
  const visible = useSelector(actor, selectButtonVisible)
  const open = useSelector(actor, selectIsOpen)
  const { t } = useTranslator()
  // Mounted from the first open on, so the modal's closing animation plays every time.
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!visible || !showsBugReportButton(pathname)) return null
  return (
    <>
      <div className={css.dock}>
        <WithTooltip label={t(m.reportBug)} placement="left">
          <Button
            className={css.floatingButton}
            aria-label={t(m.reportBug)}
            // What the palette's 'Report a bug' presses (src/system/commandPalette.ts), whatever the language.
            data-bug-report-button=""
            onHoverStart={() => void dialog.preload()}
            onFocus={() => void dialog.preload()}
            onPress={() => actor.send({ type: 'bugReport.open' })}
          >
            <BugIcon size={22} aria-hidden="true" />
          </Button>
        </WithTooltip>
      </div>
      {opened && (
        <Suspense fallback={null}>
          <dialog.Component actor={actor} reporterEmail={reporterEmail} />
        </Suspense>
      )}
    </>
  )
}

