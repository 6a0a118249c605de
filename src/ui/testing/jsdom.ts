/**
 * What the component tests that run in jsdom (`// @vitest-environment jsdom`) need of a browser
 * that jsdom lacks, for react-aria: `CSS.escape` (its focus handling, Modal and collections find
 * elements by key with it) and `Element.getAnimations` (its exit animations and the segmented
 * control's SelectionIndicator ask for it). Import it for its effect, first among a test's imports.
 *
 * `LAZY`: the `findBy…` options for the first appearance of a part of the page that is a chunk of
 * its own: in a test run its first import is transformed on demand, slowly on a busy
 * machine.
 */
const cssApi = ((globalThis as { CSS?: { escape?: (s: string) => string } }).CSS ??= {})
cssApi.escape ??= (value: string) => value.replace(/[^\w-]/g, (c) => `\\${c}`)
Element.prototype.getAnimations ??= () => []

export const LAZY = { timeout: 10_000 }
