/**
 * The header's workspace switcher (SPEC §2.6, §4, §5, §8): a button named 'Workspace' plus the
 * current workspace's name it shows ('Workspace Acme Support'), opening a dialog with a search box, the list of the user's workspaces
 * (the current one checked) and a create-workspace action with a busy state.
 *
 * Everything it shows comes from the `workspaces` actor through selectors; it only sends events:
 * opening, closing, typing, picking and creating. The machine decides what a pick does (switch,
 * or only close for the current workspace), when the list is (re)loaded and what the list area
 * says (SPEC §8 texts). Outside a `WorkspacesActorProvider` (stories of other features) it shows
 * the name alone.
 */
import { useSelector } from '@xstate/react'
import Building2 from 'lucide-react/icons/building-2'
import Check from 'lucide-react/icons/check'
import ChevronsUpDown from 'lucide-react/icons/chevrons-up-down'
import LoaderCircle from 'lucide-react/icons/loader-circle'
import Plus from 'lucide-react/icons/plus'
import Search from 'lucide-react/icons/search'
import { type FormEvent, useId, useState } from 'react'
import {
  type Selection,
  Autocomplete,
  Button,
  Dialog,
  DialogTrigger,
  FieldError,
  Form,
  Heading,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SearchField,
  Text,
  TextField,
} from 'react-aria-components'
import { selectCurrentOrg } from '../../../machines/auth/auth.selectors.ts'
import {
  listStatusMessage,
  selectCreateError,
  selectCurrentOrgId,
  selectFilteredWorkspaces,
  selectIsCreating,
  selectIsOpen,
  selectListStatus,
  selectSearch,
} from '../../../machines/workspaces/workspaces.selectors.ts'
import { type WorkspacesActor, useAuth, useOptionalWorkspacesActor } from '../../system/react.tsx'
import * as css from './WorkspaceSwitcher.css.ts'

export function WorkspaceSwitcher() {
  const actor = useOptionalWorkspacesActor()
  const org = useAuth(selectCurrentOrg)
  if (!actor) {
    return (
      <div role="group" aria-label="Workspace" className={css.staticName}>
        <Building2 size={16} aria-hidden="true" className={css.triggerIcon} />
        <span className={css.triggerName}>{org?.org_name}</span>
      </div>
    )
  }
  return <Switcher actor={actor} orgName={org?.org_name ?? ''} />
}

function Switcher({ actor, orgName }: { actor: WorkspacesActor; orgName: string }) {
  const isOpen = useSelector(actor, selectIsOpen)
  const nameId = useId()
  const labelId = useId()
  return (
    <>
      {/* Named 'Workspace' (what it is) followed by the name it shows: a spoken name must contain the
          visible text (WCAG 2.5.3, label in name), so voice users can say what they see. The label
          sits outside the button so the button's text stays just the workspace's name. */}
      <span id={labelId} hidden>
        Workspace
      </span>
      <DialogTrigger isOpen={isOpen} onOpenChange={(open) => actor.send({ type: open ? 'workspaces.open' : 'workspaces.close' })}>
        <Button aria-labelledby={`${labelId} ${nameId}`} className={css.trigger}>
          <Building2 size={16} aria-hidden="true" className={css.triggerIcon} />
          <span id={nameId} className={css.triggerName}>
            {orgName}
          </span>
          <ChevronsUpDown size={14} aria-hidden="true" className={css.triggerIcon} />
        </Button>
        <Popover placement="bottom start" offset={6} className={css.popover}>
          <Dialog aria-label="Switch workspace" className={css.dialog}>
            <WorkspacePicker actor={actor} />
            <CreateWorkspace actor={actor} />
          </Dialog>
        </Popover>
      </DialogTrigger>
    </>
  )
}

/** Search box and list: arrow keys move through the list from the search box; Enter picks. */
function WorkspacePicker({ actor }: { actor: WorkspacesActor }) {
  const search = useSelector(actor, selectSearch)
  const items = useSelector(actor, selectFilteredWorkspaces)
  const status = useSelector(actor, selectListStatus)
  const currentOrgId = useSelector(actor, selectCurrentOrgId)
  const message = listStatusMessage(status)
  return (
    <Autocomplete inputValue={search} onInputChange={(query) => actor.send({ type: 'workspaces.search', query })}>
      <SearchField aria-label="Search workspaces" autoFocus className={css.search}>
        <Search size={14} aria-hidden="true" className={css.searchIcon} />
        <Input placeholder="Search workspaces" className={css.searchInput} />
      </SearchField>
      <ListBox
        aria-label="Workspaces"
        items={items}
        selectionMode="single"
        selectedKeys={currentOrgId ? [currentOrgId] : []}
        onSelectionChange={(keys) => {
          const orgId = pickedWorkspace(keys, currentOrgId)
          if (orgId !== null) actor.send({ type: 'workspaces.select', orgId })
        }}
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
                <span className={css.itemName}>{w.org_name}</span>
                {isSelected && <Check size={16} aria-hidden="true" className={css.check} />}
              </>
            )}
          </ListBoxItem>
        )}
      </ListBox>
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
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    actor.send({ type: 'workspaces.create', name })
  }
  return (
    <Form onSubmit={submit} validationBehavior="aria" className={css.create}>
      <Heading level={3} className={css.createHeading}>
        New workspace
      </Heading>
      <TextField value={name} onChange={setName} isInvalid={Boolean(error)} isDisabled={creating} className={css.field}>
        <Label className={css.label}>Workspace name</Label>
        <Input className={css.input} placeholder="Optional" />
        <Text slot="description" className={css.hint}>
          Leave it empty and we will name it for you.
        </Text>
        <FieldError className={css.fieldError}>{error}</FieldError>
      </TextField>
      <Button type="submit" isPending={creating} className={css.createButton}>
        {creating ? (
          <>
            <LoaderCircle size={16} aria-hidden="true" className={css.spinner} />
            Creating workspace…
          </>
        ) : (
          <>
            <Plus size={16} aria-hidden="true" />
            Create workspace
          </>
        )}
      </Button>
    </Form>
  )
}

/**
 * The workspace a list's selection change means. Re-picking the checked (current) workspace
 * empties a single selection in react-aria's terms: that is a pick of the current one too.
 * @returns the org id, or null when nothing was picked.
 */
export function pickedWorkspace(keys: Selection, currentOrgId: string | null): string | null {
  if (keys === 'all') return null
  const [first] = [...keys]
  return first === undefined ? currentOrgId : String(first)
}
