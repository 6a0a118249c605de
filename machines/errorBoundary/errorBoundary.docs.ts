/** What the error boundary machine's states and events mean (machines/machine-docs.ts). */
import type { MachineDocs } from '../machine-docs.ts'

export const errorBoundaryDocs: MachineDocs = {
  states: {
    normal: 'The page, or the part of it this boundary guards, renders as usual.',
    errored:
      "A rendering error replaced the page with 'Something went wrong', the SPEC §8 apology, and 'Refresh Page' and 'Try Again'; the error is logged and reported.",
  },
  events: {
    'error.caught': 'React reports that the guarded part failed to render: the fallback replaces it.',
    'error.refresh': "A person presses 'Refresh Page' on the fallback: the whole page reloads.",
    'error.retry': "A person presses 'Try Again' on the fallback: the guarded part renders again.",
    'route.changed': 'The person moves to another page: the error belonged to the page left, so the fallback goes.',
  },
}
