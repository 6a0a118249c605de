/**
 * What the settings stories (roles, role editor, team, invite) share: providers that are stubs (an API
 * whose calls never answer, a toasts actor, a permissions actor resolved to `ready`) and a story
 * helper that starts a machine from a saved state (`resolveState`) with stubbed actors that never
 * settle, so a story shows exactly that state.
 */
import type { Decorator, StoryObj } from '@storybook/react-vite'
import { type ComponentType, type ReactNode, useState } from 'react'
import { createActor, fromCallback, fromPromise } from 'xstate'
import type { PermissionSet } from '../contract/api.ts'
import { permissionsMachine } from '../machines/permissions/permissions.machine.ts'
import { acmeSets } from '../machines/roleEditor/roleEditor.fixtures.ts'
import { toastsMachine } from '../machines/toasts/toasts.machine.ts'
import type { Endpoints } from '../src/api/endpoints.ts'
import { ApiProvider } from '../src/system/api.tsx'
import { PermissionsActorProvider } from '../src/system/react.tsx'
import { ToastsActorProvider } from '../src/system/toasts.tsx'
import { ToastRegion } from '../src/ui/ToastRegion.tsx'
import type { MachineStateRef } from './machine-states.ts'
import { permissionsActorFor } from './permissions-actor.tsx'

export const pending = <T,>() => new Promise<T>(() => {})

/** An API whose every call stays pending: the stories never reach a server. */
export const stubApi = new Proxy({}, { get: () => () => pending() }) as Endpoints

/** `parameters.refs`: the set references of the member looking at the page (default: super admin). */
export type Params = { refs?: ReadonlyArray<string>; permissions?: 'loading' | 'failed' }

export function permissionsActorIn(state: 'loading' | 'failed', sets: ReadonlyArray<PermissionSet> | null) {
  const machine = permissionsMachine.provide({ actors: { watchAuth: fromCallback(() => () => {}), loadPermissionSets: fromPromise(() => pending<ReadonlyArray<PermissionSet>>()) } })
  const context = { orgId: 'o-acme', refs: ['SUPER_ADMIN'], sets, error: state === 'failed' ? 'Could not load permissions' : null }
  return createActor(machine, { snapshot: machine.resolveState({ value: state, context }) }).start()
}

export function Providers({ params, children }: { params: Params; children: ReactNode }) {
  const [toasts] = useState(() => createActor(toastsMachine).start())
  const [permissions] = useState(() =>
    params.permissions ? permissionsActorIn(params.permissions, null) : permissionsActorFor(params.refs ?? ['SUPER_ADMIN'], acmeSets),
  )
  return (
    <ApiProvider api={stubApi}>
      <ToastsActorProvider actor={toasts}>
        <PermissionsActorProvider actor={permissions}>
          <main style={{ padding: 24 }}>{children}</main>
          <ToastRegion />
        </PermissionsActorProvider>
      </ToastsActorProvider>
    </ApiProvider>
  )
}

export const withProviders: Decorator = (Story, context) => (
  <Providers params={context.parameters as Params}>
    <Story />
  </Providers>
)

export type Story = StoryObj

/** An actor factory that says which machine state it starts in (for `parameters.machineState`). */
export type Starter<A> = (() => A) & { readonly shows: MachineStateRef }

export const starter = <A,>(create: () => A, shows: MachineStateRef): Starter<A> => Object.assign(create, { shows })

/** A story rendering `View` over an actor created once per mount; it declares the state the actor starts in. */
export function viewing<A>(create: Starter<A>, View: ComponentType<{ actor: A }>, parameters: Params = {}): Story {
  return {
    parameters: { ...parameters, machineState: create.shows },
    render: function Render() {
      const [actor] = useState(create)
      return <View actor={actor} />
    },
  }
}
