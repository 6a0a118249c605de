import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { routeFor } from '../src/navigation/routes.ts'
import { RoutePage } from '../src/pages/RoutePage.tsx'
import { UnauthorizedPage } from '../src/pages/UnauthorizedPage.tsx'
import { PermissionsActorProvider } from '../src/system/react.tsx'
import { GatedButton } from '../src/ui/GatedButton.tsx'
import { permissionsActorFor } from './permissions-actor.tsx'

/** SPEC §2.2 access gate, §2.6 Unauthorized page, §5 permission-gated buttons. */
const meta: Meta = { title: 'Machines/permissions' }
export default meta

/** No route matches, or the member's sets do not allow it. */
export const Unauthorized: StoryObj = { render: () => <UnauthorizedPage /> }

/** The member holds CONTACTS create (super-admin): the button works. */
export const GatedButtonAllowed: StoryObj = {
  render: () => (
    <PermissionsActorProvider actor={permissionsActorFor(['SUPER_ADMIN'])}>
      <div style={{ padding: 24 }}>
        <GatedButton resource="CONTACTS" action="CREATE">
          Add contact
        </GatedButton>
      </div>
    </PermissionsActorProvider>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Add contact' })).not.toHaveAttribute('aria-disabled')
  },
}

/** The member lacks CONTACTS create (Support Agent): disabled, with the denial in a tooltip. */
export const GatedButtonDenied: StoryObj = {
  render: () => (
    <PermissionsActorProvider actor={permissionsActorFor(['set-agent'])}>
      <div style={{ padding: 24 }}>
        <GatedButton resource="CONTACTS" action="CREATE">
          Add contact
        </GatedButton>
      </div>
    </PermissionsActorProvider>
  ),
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Add contact' })
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await userEvent.tab()
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent('You need the Create permission on Contacts (basic) to do this.')
  },
}

/** A page whose content a later release brings, as the Support Agent sees it. */
export const PlaceholderPage: StoryObj = {
  render: () => (
    <PermissionsActorProvider actor={permissionsActorFor(['set-agent'])}>
      <div style={{ padding: 24 }}>
        <RoutePage route={routeFor('/app/contacts')!} />
      </div>
    </PermissionsActorProvider>
  ),
}
