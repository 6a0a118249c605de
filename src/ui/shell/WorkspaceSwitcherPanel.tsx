/**
 * The workspace switcher's dialog content (SPEC §2.6, §4, §5, §8): the search box, the list of the
 * user's workspaces (the current one checked) and the create-workspace form. Loaded when the
 * switcher is first hovered, focused or opened, not with the shell (its list box, search
 * field and form are about 10 kB gzip of react-aria that the first page does not need).
 */
import { useSelector } from '@xstate/react'
import Check from 'lucide-react/icons/check'
import Plus from 'lucide-react/icons/plus'
import Search from 'lucide-react/icons/search'
import { type FormEvent, useState } from 'react'
import { Autocomplete, Form, Heading, Input, ListBox, ListBoxItem, ListLayout, SearchField, Virtualizer } from 'react-aria-components'
import {
  type WorkspaceListStatus,
  selectCreateError,
  selectCurrentOrgId,
  selectFilteredWorkspaces,
  selectIsCreating,
  selectListStatus,
  selectSearch,
} from '../../../machines/workspaces/workspaces.selectors.ts'
import type { InvitationsActor } from '../../system/invitations.tsx'
import type { WorkspacesActor } from '../../system/react.tsx'
import { PendingInvitations } from '../invitations/PendingInvitations.tsx'
import { Button } from '../primitives/Button/Button.tsx'
import { TextField } from '../primitives/TextField/TextField.tsx'
import type { MessageDescriptor } from '../../i18n/messages.ts'
import { useTranslator } from '../../i18n/react.tsx'
import * as css from './WorkspaceSwitcher.css.ts'
import { workspacesMessages as m } from './workspaces.messages.ts'
import { workspacePickProps } from './workspace-pick.ts'

/** The dialog's content: the picker, the pending invitations (none without an actor), then the create form. */
export function WorkspaceSwitcherPanel({ actor, invitations }: { actor: WorkspacesActor; invitations?: InvitationsActor | null }) {
  return (
    <>
      <WorkspacePicker actor={actor} />
      {invitations && <PendingInvitations actor={invitations} compact />}
      <CreateWorkspace actor={actor} />
    </>
  )
}

/** What the list says instead of workspaces (SPEC §8's texts, in the reader's language), by the selectors' status. */
const STATUS_MESSAGES: Partial<Record<WorkspaceListStatus, MessageDescriptor>> = { loading: m.loading, error: m.error, empty: m.empty }

/**
 * One row's height in px (the Menu primitive's item: 8 px padding above and below a 20 px line):
 * the list is virtualised, so a person in a thousand workspaces gets a few dozen rows in the DOM.
 */
const ROW_HEIGHT = 36

/** Search box and list: arrow keys move through the list from the search box; Enter picks. */
function WorkspacePicker({ actor }: { actor: WorkspacesActor }) {
  const search = useSelector(actor, selectSearch)
  const items = useSelector(actor, selectFilteredWorkspaces)
  const status = useSelector(actor, selectListStatus)
  const currentOrgId = useSelector(actor, selectCurrentOrgId)
  const { t } = useTranslator()
  const statusMessage = STATUS_MESSAGES[status]
  const message = statusMessage ? t(statusMessage) : null
  return (
    <Autocomplete inputValue={search} onInputChange={(query) => actor.send({ type: 'workspaces.search', query })}>
      <SearchField aria-label={t(m.searchWorkspaces)} autoFocus className={css.search}>
        <Search size={14} aria-hidden="true" className={css.searchIcon} />
        <Input placeholder={t(m.searchWorkspaces)} className={css.searchInput} dir="auto" />
      </SearchField>
      <Virtualizer layout={ListLayout} layoutOptions={{ rowHeight: ROW_HEIGHT }}>
        <ListBox
          aria-label={t(m.workspaces)}
          items={items}
          {...workspacePickProps(actor, currentOrgId)}
          renderEmptyState={() => (
            <span className={css.listMessage} data-status={status}>
              {message}
            </span>
          )}
          className={css.list}
        >
          {(w) => (
            <ListBoxItem id={w.org_id} textValue={w.org_name} className={css.item}>
              {({ isSelected }) => (
                <>
                  <span className={css.itemName} dir="auto">
                    {w.org_name}
                  </span>
                  {isSelected && <Check size={16} aria-hidden="true" className={css.check} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Virtualizer>
    </Autocomplete>
  )
}

/**
 * The create action (SPEC §2.6): an optional name (the server names it when left empty) and a
 * button that shows its busy state while the workspace is created.
 */
function CreateWorkspace({ actor }: { actor: WorkspacesActor }) {
  const creating = useSelector(actor, selectIsCreating)
  const error = useSelector(actor, selectCreateError)
  // The typed name is the field's own; the machine checks and sends it.
  const [name, setName] = useState('')
  const { t } = useTranslator()
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'workspaces.create', name })
  }
  return (
    <Form onSubmit={submit} validationBehavior="aria" className={css.create}>
      <Heading level={3} className={css.createHeading}>
        {t(m.newWorkspace)}
      </Heading>
      <TextField
        label={t(m.workspaceName)}
        placeholder={t(m.optional)}
        description={t(m.nameHint)}
        value={name}
        onChange={setName}
        // The server's words as they are; the machine's own fallback in the reader's language.
        error={error}
        isDisabled={creating}
      />
      <Button type="submit" size="sm" isPending={creating} icon={<Plus size={16} />}>
        {creating ? t(m.creatingWorkspace) : t(m.createWorkspace)}
      </Button>
    </Form>
  )
}
