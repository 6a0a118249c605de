/**
 * The entry and exit of an overlay (Popover, Tooltip, Dialog): `frames` (keyframes
 * from the hidden look) while react-aria sets [data-entering], reversed while [data-exiting];
 * none under reduced motion. A plain module, not a .css.ts file: vanilla-extract style files may
 * export only styles, not functions.
 */
export function overlayMotion(frames: string, enterMs: number) {
  return {
    selectors: {
      '&[data-entering]': { animation: `${frames} ${enterMs}ms ease-out` },
      '&[data-exiting]': { animation: `${frames} 100ms ease-in reverse` },
    },
    '@media': {
      '(prefers-reduced-motion: reduce)': { selectors: { '&[data-entering], &[data-exiting]': { animation: 'none' } } },
    },
  }
}
