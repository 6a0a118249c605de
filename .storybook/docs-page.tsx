/**
 * The docs page of every tree node (autodocs, `parameters.docs.page` in preview.tsx). A machine's
 * node (`Machines/<id>`) opens on that machine's page (stories/statecharts/MachineDocsPage.tsx:
 * its chart, each state with what it means and its stories, each event); every other node gets
 * Storybook's usual page (description, the first story with its controls, then the others).
 */
import { Controls, Description, Primary, Stories, Subtitle, Title, useOf } from '@storybook/addon-docs/blocks'
import { Suspense, lazy } from 'react'
import { themes } from '../src/ui/theme.css.ts'

// Loaded with the page, not with the preview: it reads every story file to link each state's stories.
const MachineDocsPage = lazy(() => import('../stories/statecharts/MachineDocsPage.tsx').then((m) => ({ default: m.MachineDocsPage })))

/** The machine id of a `Machines/<id>` title, else null. */
export function machineOfTitle(title: string): string | null {
  return /^Machines\/([^/]+)$/.exec(title)?.[1] ?? null
}

/** The page for the node whose docs are open. */
export function DocsPage() {
  const machine = machineOfTitle(useOf('meta', ['meta']).preparedMeta.title)
  if (machine) {
    return (
      <div className={themes.light}>
        <Suspense fallback={<p>Loading the {machine} machine…</p>}>
          <MachineDocsPage id={machine} />
        </Suspense>
      </div>
    )
  }
  return (
    <>
      <Title />
      <Subtitle />
      <Description />
      <Primary />
      <Controls />
      <Stories />
    </>
  )
}
