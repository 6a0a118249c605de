/**
 * The command palette (Command palette): a dialog named 'Command palette' with a search
 * field over the shell, listing the pages, settings sections, workspaces and actions the person
 * may use (pages not built yet last, marked 'Soon'), filtered
 * and ranked as they type (machines/commandPalette). Keyboard: ↑/↓ (wrapping), Home/End, Enter
 * runs, Escape closes; focus goes back where it was (react-aria's modal restores it).
 *
 * The list box follows the combobox pattern with `aria-activedescendant`: focus stays in the
 * field and the machine's highlighted item is the active option, so what Enter runs is always
 * what the machine says. The items are the machine's (its browser side builds them from the
 * sidebar's route table and permission checks, src/system/commandPalette.ts); this view only reads
 * its snapshot and sends events, and draws nothing outside a shell or without a palette actor.
 */
import { useSelector } from '@xstate/react'
import AppWindow from 'lucide-react/icons/app-window'
import Building2 from 'lucide-react/icons/building-2'
import Search from 'lucide-react/icons/search'
import SlidersHorizontal from 'lucide-react/icons/sliders-horizontal'
import Zap from 'lucide-react/icons/zap'
import { type KeyboardEvent, useDeferredValue, useEffect, useId, useRef } from 'react'
import { Dialog, Input, Modal, ModalOverlay } from 'react-aria-components'
import type { PaletteItem, PaletteResults, PaletteSection } from '../../../machines/commandPalette/commandPalette.items.ts'
import type { PaletteMove } from '../../../machines/commandPalette/commandPalette.machine.ts'
import { selectResults } from '../../../machines/commandPalette/commandPalette.results.ts'
import { selectHighlightedId, selectIsPaletteOpen, selectPaletteItems, selectQuery } from '../../../machines/commandPalette/commandPalette.selectors.ts'
import type { CommandPaletteActor } from '../../system/commandPalette-react.tsx'
import { LayerContext, useLayer } from '../primitives/layers.ts'
import { visuallyHidden } from '../primitives/visuallyHidden.css.ts'
import * as css from './CommandPalette.css.ts'
import { isApplePlatform, keyLabels } from './shortcuts.ts'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import type { Translator } from '../../i18n/translator.ts'
import { navTitle } from '../../navigation/nav-title.ts'
import { settingsSectionTitle } from '../../navigation/settings-sections.messages.ts'
import { paletteMessages as m } from './palette.messages.ts'

const KIND_ICONS = { page: AppWindow, setting: SlidersHorizontal, workspace: Building2, action: Zap } as const
const KIND_NAMES = { page: m.kindPage, setting: m.kindSetting, workspace: m.kindWorkspace, action: m.kindAction } as const

/** The sections' titles in the reader's language, by the palette machine's section ids. */
const SECTION_NAMES: Readonly<Record<PaletteSection['id'], MessageDescriptor>> = {
  recent: m.sectionRecent,
  page: m.sectionPages,
  setting: m.sectionSettings,
  workspace: m.sectionWorkspaces,
  action: m.sectionActions,
  soon: m.sectionSoon,
  results: m.results,
}

/** The actions' names in the reader's language, by item id (the machine keeps the English; the search matches both). */
const ACTION_NAMES: Readonly<Record<string, MessageDescriptor>> = {
  'action:createWorkspace': m.createWorkspace,
  'action:inviteMember': m.inviteMember,
  'action:reportBug': m.reportBug,
  'action:markAllRead': m.markAllRead,
  'action:toggleTheme': m.toggleTheme,
  'action:toggleSidebar': m.toggleSidebar,
  'action:showShortcuts': m.showShortcuts,
  'action:signOut': m.signOut,
}

/** An item's name as shown: route titles, settings sections and actions translated; workspaces' names as they are. */
function itemLabel(item: PaletteItem, translator: Translator): string {
  if (item.kind === 'page') return navTitle(translator, item.label)
  if (item.kind === 'setting') return settingsSectionTitle(translator, item.label)
  const action = ACTION_NAMES[item.id]
  return action ? translator.t(action) : item.label
}

/** The keys the field hands to the list, and the move each makes. */
const MOVES: Readonly<Record<string, PaletteMove>> = { ArrowDown: 'next', ArrowUp: 'previous', Home: 'first', End: 'last' }

/** What the list shows before its first deferred render. */
const NO_RESULTS: PaletteResults = { sections: [], flat: [] }

export function CommandPalette({ actor }: { actor: CommandPaletteActor }) {
  const isOpen = useSelector(actor, selectIsPaletteOpen)
  const zIndex = useLayer('modal')
  const { t } = useTranslator()
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !open && actor.send({ type: 'palette.close' })}
      isDismissable
      className={css.overlay}
      style={{ zIndex }}
    >
      <Modal className={css.modal}>
        <LayerContext value={zIndex}>
          <Dialog aria-label={t(m.commandPalette)} className={css.dialog}>
            <PaletteBody actor={actor} />
          </Dialog>
        </LayerContext>
      </Modal>
    </ModalOverlay>
  )
}

function PaletteBody({ actor }: { actor: CommandPaletteActor }) {
  const query = useSelector(actor, selectQuery)
  const highlightedId = useSelector(actor, selectHighlightedId)
  const results = useSelector(actor, selectResults)
  // The options render after the dialog and its field have painted (a transition React
  // may interrupt), so the key press that opens the palette, and each key typed, pays only for
  // the field. Until then the list is empty and says nothing ('No results' would be untrue).
  const shown = useDeferredValue(results, NO_RESULTS)
  const settled = shown === results
  const { sections, flat } = shown
  const listId = useId()
  const optionId = (item: PaletteItem) => `${listId}-${item.id}`
  const highlighted = results.flat.find((i) => i.id === highlightedId)
  const apple = isApplePlatform(typeof navigator === 'undefined' ? undefined : navigator)
  const translator = useTranslator()
  const { t } = translator

  // The names shown, in the reader's language, are what the query finds (with the English ones).
  const items = useSelector(actor, selectPaletteItems)
  useEffect(() => {
    actor.send({ type: 'palette.labelsChanged', labels: Object.fromEntries(items.map((item) => [item.id, itemLabel(item, translator)])) })
  }, [actor, items, translator])

  // Keep the highlighted option in view as the arrows move it. Not on opening: the list starts at
  // its top with the first option highlighted, and asking for layout there costs the opening frame.
  const listRef = useRef<HTMLDivElement>(null)
  const scrolledFor = useRef<string | null>(null)
  useEffect(() => {
    // The options are drawn once settled; the first highlight drawn is the opening one.
    if (!settled) return
    const id = highlighted?.id ?? null
    const previous = scrolledFor.current
    scrolledFor.current = id
    if (id === null || previous === null) return
    listRef.current?.querySelector(`[id="${CSS.escape(`${listId}-${id}`)}"]`)?.scrollIntoView?.({ block: 'nearest' })
  }, [highlighted, listId, settled])

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.nativeEvent.isComposing) return
    const move = MOVES[e.key]
    if (move && !e.shiftKey && !e.altKey && !e.ctrlKey && !e.metaKey) {
      e.preventDefault()
      actor.send({ type: 'palette.move', to: move })
    } else if (e.key === 'Enter') {
      e.preventDefault()
      actor.send({ type: 'palette.run' })
    } else if (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey)) {
      // The opening shortcut closes it again (the global listener ignores key presses in fields).
      e.preventDefault()
      actor.send({ type: 'palette.close' })
    }
  }

  return (
    <>
      <div className={css.searchRow}>
        <Search size={18} aria-hidden="true" />
        <Input
          dir="auto"
          aria-label={t(m.search)}
          // Short enough for a phone's field (it was cut mid-word at 390 px); the field is named 'Search'.
          placeholder={t(m.placeholder)}
          role="combobox"
          aria-expanded
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={highlighted ? optionId(highlighted) : undefined}
          autoFocus
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(e) => actor.send({ type: 'palette.query', query: e.target.value })}
          onKeyDown={onKeyDown}
          className={css.input}
        />
      </div>
      <div ref={listRef} id={listId} role="listbox" aria-label={t(m.results)} className={css.list} hidden={flat.length === 0}>
        {sections.map((section) => (
          <div key={section.id} role="group" aria-labelledby={`${listId}-${section.id}`} className={css.group}>
            <div id={`${listId}-${section.id}`} role="presentation" className={css.groupLabel}>
              {t(SECTION_NAMES[section.id])}
            </div>
            {section.items.map((item) => (
              <Option
                key={item.id}
                id={optionId(item)}
                item={item}
                selected={item.id === highlightedId}
                apple={apple}
                onHover={() => item.id !== highlightedId && actor.send({ type: 'palette.highlight', id: item.id })}
                onRun={() => actor.send({ type: 'palette.run', id: item.id })}
              />
            ))}
          </div>
        ))}
      </div>
      {settled && flat.length === 0 && (
        <p role="status" className={css.empty}>
          {query.trim() === '' ? t(m.nothingYet) : t(m.noResults, { query: query.trim() })}
        </p>
      )}
      <p className={css.hints} aria-hidden="true">
        <span>{t(m.hintMove)}</span>
        <span>{t(m.hintRun)}</span>
        <span>{t(m.hintClose)}</span>
      </p>
    </>
  )
}

interface OptionProps {
  readonly id: string
  readonly item: PaletteItem
  readonly selected: boolean
  readonly apple: boolean
  readonly onHover: () => void
  readonly onRun: () => void
}

/**
 * One result. Not focusable itself (the field keeps focus; it is the active descendant), so a
 * plain option element; the pointer highlights it and a click runs it.
 */
function Option({ id, item, selected, apple, onHover, onRun }: OptionProps) {
  const Icon = KIND_ICONS[item.kind]
  const metaId = `${id}-meta`
  const translator = useTranslator()
  const { t } = translator
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the field's Enter runs the active option (aria-activedescendant).
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-describedby={metaId}
      className={css.option}
      onPointerMove={onHover}
      onClick={onRun}
    >
      <Icon size={16} aria-hidden="true" className={css.optionIcon} />
      <span className={css.optionLabel} dir={item.kind === 'workspace' ? 'auto' : undefined}>
        {itemLabel(item, translator)}
      </span>
      {item.soon && (
        <span className={css.soon} aria-hidden="true">
          {t(m.soon)}
        </span>
      )}
      {item.shortcut && (
        <span aria-hidden="true" className={css.optionMeta}>
          {keyLabels(item.shortcut, apple).map((k) => (
            <kbd key={k} className={css.kbd}>
              {k}
            </kbd>
          ))}
        </span>
      )}
      {/* Out of the name (the route table's title), referenced as the description. */}
      {/* 'Soon' is shown by the badge; here it is only for the description (the badge is aria-hidden). */}
      <span id={metaId} className={css.optionDetail} aria-hidden="true">
        {[item.section && navTitle(translator, item.section), t(KIND_NAMES[item.kind])].filter(Boolean).join(' · ')}
        {item.soon && <span className={visuallyHidden}>{t(m.withSoon)}</span>}
      </span>
    </div>
  )
}
