/**
 * What the command palette's 'Report a bug' item reads of the page (SPEC §2.3, §2.6): the path on
 * screen (the floating button is not shown everywhere) and whether the button is hidden forever in
 * this browser. Provided to the palette's items actor (src/system/commandPalette.ts), which reads
 * it whenever it rebuilds the items.
 */
import { readHiddenForever } from './report-environment.ts'

export interface PageFacts {
  readonly pathname: string
  readonly bugReportHidden: boolean
}

/** The page's facts from `win` now. */
export function readPageFacts(win: Pick<Window, 'location' | 'localStorage'>): PageFacts {
  return { pathname: win.location.pathname, bugReportHidden: readHiddenForever(win.localStorage) }
}
