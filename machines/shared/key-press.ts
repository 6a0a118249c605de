/** Keyboard shortcuts of several machines (the sidebar's Ctrl/Cmd+B, the command palette's Ctrl/Cmd+K and '?'). */

/** A key press as the keyboard listener sees it, without the DOM. */
export interface KeyPress {
  /** `KeyboardEvent.key`. */
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
  /** True for auto-repeat while the key is held down. */
  readonly repeat: boolean
  /** Focus is in an input, textarea, select or contenteditable element. */
  readonly inTextField: boolean
}
