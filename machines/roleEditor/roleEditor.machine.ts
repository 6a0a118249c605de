/**
 * The role editor: creating a custom permission set or editing one (SPEC.md §3 Permission set,
 * Permission resources and actions; §6; §7 `POST`/`PUT /permissions/permission-sets`).
 *
 *   loading ──(metadata + sets)──▶ resolving ──▶ editing    (no roleId: a new role; a custom set's id)
 *      │                                   ├──▶ readOnly   (a system set's id: shown, never saved)
 *      │                                   └──▶ notFound   (an id the org's list does not hold)
 *      └──(either call fails)──▶ loadFailed ──role.retry──▶ loading
 *   editing ──role.save (valid)──▶ saving ──▶ saved      (emits `role.saved`)
 *                                      └──▶ editing      (field/form errors, emits `role.saveFailed`)
 *
 * Bad input never leaves the browser: `role.save` with an empty name, a name over 80
 * characters, a description over 500 or no action at all stays in `editing` with field errors.
 * The server's 400 issues and 409 conflicts map onto the same fields.
 *
 * Besides one box (`role.toggleAction`), a whole row (`role.toggleResource`) or a whole
 * column (`role.toggleColumn`) is ticked or cleared at once, as the grid's tri-state 'All' boxes.
 *
 * HTTP calls are the named actors `loadMetadata`, `loadPermissionSets` and `savePermissionSet`,
 * provided by the page; the page turns the emitted events into toasts and navigation.
 */
import { assign, emit, fromPromise, setup } from 'xstate'
import {
  type PermissionAction,
  PermissionActions,
  type PermissionResource,
  PermissionResources,
  type PermissionSet,
} from '../../contract/api.ts'
import { type DisplayText, localized } from '../../contract/messages.ts'
import { type PermissionMetadata, PermissionSetInput } from '../../contract/team.ts'
import { fieldErrors, validate } from '../../contract/validate.ts'
import { toFailure } from '../shared/failure.ts'
import { roleEditorMessages } from './roleEditor.messages.ts'

/** What is ticked in the grid: resource → actions, in `PermissionActions` order, never empty. */
export type Grants = Readonly<Partial<Record<PermissionResource, ReadonlyArray<PermissionAction>>>>

/** The form's fields, as `fieldErrors` keys. */
export const ROLE_FIELDS = ['name', 'description', 'permissions'] as const

export interface RoleEditorInput {
  /** The `_id` of the set to edit or view; absent or null to create a role. */
  readonly roleId?: string | null
}

export interface RoleEditorContext {
  readonly roleId: string | null
  readonly metadata: PermissionMetadata | null
  readonly sets: ReadonlyArray<PermissionSet> | null
  /** The set being edited or viewed; null while loading and when creating. */
  readonly original: PermissionSet | null
  readonly name: string
  readonly description: string
  readonly grants: Grants
  readonly fieldErrors: Readonly<Record<string, string>>
  /** A save failure no field can carry (403, 500, network). */
  readonly formError: DisplayText | null
  readonly loadError: DisplayText | null
}

export type RoleEditorEvent =
  | { type: 'role.changeName'; value: string }
  | { type: 'role.changeDescription'; value: string }
  | { type: 'role.toggleAction'; resource: PermissionResource; action: PermissionAction }
  /** The row's 'All' box; ticks every action of the resource, or clears it when all are ticked. */
  | { type: 'role.toggleResource'; resource: PermissionResource }
  /** The column's box; ticks the action on every resource, or clears it when every resource has it. */
  | { type: 'role.toggleColumn'; action: PermissionAction }
  | { type: 'role.save' }
  | { type: 'role.retry' }

export type RoleEditorEmitted =
  | { type: 'role.saved'; set: PermissionSet; created: boolean }
  | { type: 'role.saveFailed'; status: number; message: DisplayText }

/** The request body of a save, as `savePermissionSet` receives it. */
export interface SaveRoleInput {
  /** null: create (`POST`); otherwise the `_id` to update (`PUT`). */
  readonly id: string | null
  readonly body: PermissionSetInput
}

/** Toast text of a failed save whose error carries no message (ours). */
export const SAVE_FAILED_MESSAGE = localized(roleEditorMessages.saveFailed)
/** Shown when the metadata or the sets could not be loaded and the error carries no message (ours). */
export const LOAD_FAILED_MESSAGE = localized(roleEditorMessages.loadFailedRetry)
/** Field error when no box of the grid is ticked; the contract's message for an empty action list. */
export const NO_ACTION_MESSAGE = 'Choose at least one action'

export const roleEditorMachine = setup({
  types: {
    context: {} as RoleEditorContext,
    input: {} as RoleEditorInput,
    events: {} as RoleEditorEvent,
    emitted: {} as RoleEditorEmitted,
  },
  actors: {
    /** `GET /permissions/metadata`. Provided by the page. */
    loadMetadata: fromPromise<PermissionMetadata, void>(async () => {
      throw new Error('loadMetadata is provided by the page')
    }),
    /** `GET /permissions/permission-sets`. Provided by the page. */
    loadPermissionSets: fromPromise<ReadonlyArray<PermissionSet>, void>(async () => {
      throw new Error('loadPermissionSets is provided by the page')
    }),
    /** `POST /permissions/permission-sets` (id null) or `PUT .../{id}`; resolves with the stored set. */
    savePermissionSet: fromPromise<PermissionSet, SaveRoleInput>(async () => {
      throw new Error('savePermissionSet is provided by the page')
    }),
  },
  guards: {
    isLoaded: ({ context }) => context.metadata !== null && context.sets !== null,
    isCreating: ({ context }) => context.roleId === null,
    hasSystemRole: ({ context }) => findRole(context)?.is_system === true,
    hasCustomRole: ({ context }) => findRole(context)?.is_system === false,
    isValidRole: ({ context }) => Object.keys(roleErrors(toBody(context))).length === 0,
  },
  actions: {
    assignMetadata: assign((_, params: { metadata: PermissionMetadata }) => ({ metadata: params.metadata })),
    assignSets: assign((_, params: { sets: ReadonlyArray<PermissionSet> }) => ({ sets: params.sets })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: toFailure(params.error, [], LOAD_FAILED_MESSAGE).message })),
    resetLoad: assign({ metadata: null, sets: null, loadError: null }),
    /** Fills the form from the set named by `roleId` (custom: to edit; system: to show). */
    assignOriginal: assign(({ context }) => {
      const original = findRole(context) ?? null
      return {
        original,
        name: original?.name ?? '',
        description: original?.description ?? '',
        grants: original ? grantsOf(original) : {},
      }
    }),
    assignName: assign((_, params: { value: string }) => ({ name: params.value })),
    assignDescription: assign((_, params: { value: string }) => ({ description: params.value })),
    assignToggle: assign(({ context }, params: { resource: PermissionResource; action: PermissionAction }) => ({
      grants: toggle(context.grants, params.resource, params.action),
    })),
    assignResourceToggle: assign(({ context }, params: { resource: PermissionResource }) => ({
      grants: toggleResource(context.grants, params.resource),
    })),
    assignColumnToggle: assign(({ context }, params: { action: PermissionAction }) => ({
      grants: toggleColumn(context.grants, params.action, resourcesOf(context)),
    })),
    /** Editing a field takes its error away; the others stay until the next save. */
    clearFieldError: assign(({ context }, params: { field: (typeof ROLE_FIELDS)[number] }) => {
      if (!(params.field in context.fieldErrors)) return {}
      const { [params.field]: _, ...rest } = context.fieldErrors
      return { fieldErrors: rest }
    }),
    assignValidationErrors: assign(({ context }) => ({ fieldErrors: roleErrors(toBody(context)), formError: null })),
    clearErrors: assign({ fieldErrors: {}, formError: null }),
    assignSaveFailure: assign((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, ROLE_FIELDS, SAVE_FAILED_MESSAGE)
      return { fieldErrors: failure.fieldErrors, formError: failure.formError }
    }),
    assignSaved: assign((_, params: { set: PermissionSet }) => ({ original: params.set })),
    emitSaved: emit((_, params: { set: PermissionSet; created: boolean }) => ({ type: 'role.saved' as const, set: params.set, created: params.created })),
    emitSaveFailed: emit((_, params: { error: unknown }) => {
      const failure = toFailure(params.error, ROLE_FIELDS, SAVE_FAILED_MESSAGE)
      return { type: 'role.saveFailed' as const, status: failure.status, message: failure.message }
    }),
  },
}).createMachine({
  id: 'roleEditor',
  context: ({ input }) => ({
    roleId: input.roleId ?? null,
    metadata: null,
    sets: null,
    original: null,
    name: '',
    description: '',
    grants: {},
    fieldErrors: {},
    formError: null,
    loadError: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: [
        {
          id: 'loadMetadata',
          src: 'loadMetadata',
          onDone: { actions: { type: 'assignMetadata', params: ({ event }) => ({ metadata: event.output }) } },
          onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        },
        {
          id: 'loadPermissionSets',
          src: 'loadPermissionSets',
          onDone: { actions: { type: 'assignSets', params: ({ event }) => ({ sets: event.output }) } },
          onError: { target: 'loadFailed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
        },
      ],
      // Both calls run at once; the role is decided when the second one answers.
      always: { guard: 'isLoaded', target: 'resolving' },
    },
    // Transient: which role the address names, now that the lists are in.
    resolving: {
      always: [
        { guard: 'isCreating', target: 'editing' },
        { guard: 'hasCustomRole', target: 'editing', actions: 'assignOriginal' },
        { guard: 'hasSystemRole', target: 'readOnly', actions: 'assignOriginal' },
        { target: 'notFound' },
      ],
    },
    loadFailed: {
      on: { 'role.retry': { target: 'loading', actions: 'resetLoad' } },
    },
    notFound: {},
    // SPEC §3: system sets are shared by every workspace and cannot be changed here.
    readOnly: {},
    editing: {
      on: {
        'role.changeName': {
          actions: [
            { type: 'assignName', params: ({ event }) => ({ value: event.value }) },
            { type: 'clearFieldError', params: { field: 'name' } },
          ],
        },
        'role.changeDescription': {
          actions: [
            { type: 'assignDescription', params: ({ event }) => ({ value: event.value }) },
            { type: 'clearFieldError', params: { field: 'description' } },
          ],
        },
        'role.toggleAction': {
          actions: [
            { type: 'assignToggle', params: ({ event }) => ({ resource: event.resource, action: event.action }) },
            { type: 'clearFieldError', params: { field: 'permissions' } },
          ],
        },
        'role.toggleResource': {
          actions: [
            { type: 'assignResourceToggle', params: ({ event }) => ({ resource: event.resource }) },
            { type: 'clearFieldError', params: { field: 'permissions' } },
          ],
        },
        'role.toggleColumn': {
          actions: [
            { type: 'assignColumnToggle', params: ({ event }) => ({ action: event.action }) },
            { type: 'clearFieldError', params: { field: 'permissions' } },
          ],
        },
        'role.save': [{ guard: 'isValidRole', target: 'saving', actions: 'clearErrors' }, { actions: 'assignValidationErrors' }],
      },
    },
    // Pessimistic: the form is locked until the server answers; nothing is shown as saved before.
    saving: {
      invoke: {
        id: 'savePermissionSet',
        src: 'savePermissionSet',
        input: ({ context }) => ({ id: context.original?._id ?? null, body: toBody(context) }),
        onDone: {
          target: 'saved',
          actions: [
            { type: 'assignSaved', params: ({ event }) => ({ set: event.output }) },
            { type: 'emitSaved', params: ({ context, event }) => ({ set: event.output, created: context.roleId === null }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: [
            { type: 'assignSaveFailure', params: ({ event }) => ({ error: event.error }) },
            { type: 'emitSaveFailed', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
})

export type RoleEditorMachine = typeof roleEditorMachine

// ---------------------------------------------------------------------------------------------
// Helpers (pure; exported for the selectors and tests)

/** The set `roleId` names, matched by `_id` among the loaded sets (system and custom alike). */
export function findRole(context: Pick<RoleEditorContext, 'roleId' | 'sets'>): PermissionSet | undefined {
  return context.roleId === null ? undefined : context.sets?.find((s) => s._id === context.roleId)
}

/** A set's permissions as grid ticks (empty action lists dropped, actions in contract order). */
export function grantsOf(set: Pick<PermissionSet, 'permissions'>): Grants {
  const grants: Partial<Record<PermissionResource, ReadonlyArray<PermissionAction>>> = {}
  for (const p of set.permissions) {
    const actions = PermissionActions.filter((a) => p.actions.includes(a) || (grants[p.resource] ?? []).includes(a))
    if (actions.length > 0) grants[p.resource] = actions
  }
  return grants
}

/** Ticks or unticks one box; a resource with no action left disappears. */
export function toggle(grants: Grants, resource: PermissionResource, action: PermissionAction): Grants {
  const held = grants[resource] ?? []
  const actions = held.includes(action) ? held.filter((a) => a !== action) : PermissionActions.filter((a) => a === action || held.includes(a))
  const { [resource]: _, ...rest } = grants
  return actions.length > 0 ? { ...rest, [resource]: actions } : rest
}

/** The grid's resources: the metadata's rows, in its order (the contract's list before it loads). */
export function resourcesOf(context: Pick<RoleEditorContext, 'metadata'>): ReadonlyArray<PermissionResource> {
  return context.metadata?.resources.map((r) => r.key) ?? PermissionResources
}

/**
 * The row's 'All' box: every action on `resource` when any is missing, none when all
 * are ticked (a tri-state box: partly ticked counts as "not all", so a press fills the row).
 */
export function toggleResource(grants: Grants, resource: PermissionResource): Grants {
  const { [resource]: held, ...rest } = grants
  return (held?.length ?? 0) === PermissionActions.length ? rest : { ...rest, [resource]: PermissionActions }
}

/**
 * The column's box: `action` on every resource of `resources` when any lacks it,
 * on none of them when all hold it. Other actions are left as they are.
 */
export function toggleColumn(grants: Grants, action: PermissionAction, resources: ReadonlyArray<PermissionResource>): Grants {
  const everywhere = resources.every((r) => grants[r]?.includes(action) ?? false)
  let next = grants
  for (const resource of resources) {
    const has = next[resource]?.includes(action) ?? false
    if (has === everywhere) next = toggle(next, resource, action)
  }
  return next
}

/**
 * The body to save: trimmed name and description, one entry per ticked resource in contract
 * order. A resource the set already had keeps its `conditions` (opaque to this editor, SPEC §3).
 */
export function toBody(context: Pick<RoleEditorContext, 'name' | 'description' | 'grants' | 'original'>): PermissionSetInput {
  const conditionsOf = new Map(context.original?.permissions.map((p) => [p.resource, p.conditions]) ?? [])
  return {
    name: context.name.trim(),
    description: context.description.trim(),
    permissions: PermissionResources.flatMap((resource) => {
      const actions = context.grants[resource]
      if (!actions || actions.length === 0) return []
      const conditions = conditionsOf.get(resource)
      return [conditions === undefined ? { resource, actions: [...actions] } : { resource, actions: [...actions], conditions }]
    }),
  }
}

/**
 * Field errors of a body, empty when it may be sent: the contract's `PermissionSetInput` rules
 * plus "at least one action" (a role that grants nothing is a mistake, not a choice).
 */
export function roleErrors(body: PermissionSetInput): Record<string, string> {
  const result = validate(PermissionSetInput, body)
  const errors = result.ok ? {} : fieldErrors(result.issues)
  if (body.permissions.length === 0 && !('permissions' in errors)) errors.permissions = NO_ACTION_MESSAGE
  return errors
}
