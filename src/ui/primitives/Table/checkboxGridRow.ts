/**
 * Style helpers built on the Table primitive's classes. A function cannot be exported from a
 * .css.ts file (vanilla-extract exports only values), so it lives here and is called from the
 * pages' .css.ts files, where its styles are generated.
 */
import { style } from '@vanilla-extract/css'
import { vars } from '../../theme.css.ts'
import { STACKED, body, row } from './Table.css.ts'

/**
 * A row of checkbox columns (the role editor, the preference matrix): when stacked, a card whose
 * cells flow as a grid of columns at least `minColumnPx` wide. Under the body's class so it
 * outranks the stacked {@link row}, whichever chunk's CSS loads last. Call it from a .css.ts file.
 */
export function checkboxGridRow(minColumnPx: number): string {
  return style([
    row,
    {
      '@container': {
        [STACKED]: {
          selectors: {
            [`${body} &`]: {
              display: 'grid',
              gridTemplateColumns: `repeat(auto-fill, minmax(${minColumnPx}px, 1fr))`,
              gap: `${vars.space.sm} ${vars.space.md}`,
            },
          },
        },
      },
    },
  ])
}
