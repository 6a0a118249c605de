/**
 * Bundle floor of /signin, the architecture's: React DOM, the TanStack router (two routes), a
 * react-aria-components form (Form, TextField, Label, Input, FieldError, Button), one XState actor
 * (the form's state) read through @xstate/react's `useSelector`, one effect Schema decode (the
 * sign-in answer's shape, written here), and the i18n runtime the app ships (`@lingui/core`,
 * react-aria's `I18nProvider`); nothing of Engage. Built by bench/floor/build.ts with the project's
 * vite.config.ts; its initial JS is what /signin's is divided by. The READY element is the form's
 * submit button, found by the same selector as the real page's (bench/lib/page-metrics.ts READY.signIn).
 */
import { setupI18n } from '@lingui/core'
import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet, useNavigate } from '@tanstack/react-router'
import { useSelector } from '@xstate/react'
import { Schema } from 'effect'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Button, FieldError, Form, I18nProvider, Input, Label, TextField } from 'react-aria-components'
import { assign, createActor, setup } from 'xstate'

const SignInAnswer = Schema.Struct({ access_token: Schema.String, refresh_token: Schema.String, expires_in: Schema.Number, org_id: Schema.String })

const form = setup({
  types: { context: {} as { email: string; signedIn: boolean }, events: {} as { type: 'typed'; email: string } | { type: 'answered'; answer: unknown } },
}).createMachine({
  context: { email: '', signedIn: false },
  on: {
    typed: { actions: assign({ email: ({ event }) => event.email }) },
    answered: { actions: assign({ signedIn: ({ event }) => Schema.decodeUnknownSync(SignInAnswer)(event.answer).access_token !== '' }) },
  },
})
const actor = createActor(form).start()
const i18n = setupI18n({ locale: 'en', messages: { en: {} } })

function SignIn() {
  const navigate = useNavigate()
  const email = useSelector(actor, (s) => s.context.email)
  return (
    <main style={{ maxWidth: 360, margin: '64px auto' }}>
      <h1>{i18n._({ id: 'floor.signIn', message: 'Sign in' })}</h1>
      <Form
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault()
          actor.send({ type: 'answered', answer: { access_token: 'a', refresh_token: 'r', expires_in: 300, org_id: 'o' } })
          void navigate({ to: '/app/dashboard' })
        }}
      >
        <TextField name="email" type="email" isRequired value={email} onChange={(value) => actor.send({ type: 'typed', email: value })}>
          <Label>Email</Label>
          <Input />
          <FieldError />
        </TextField>
        <TextField name="password" type="password" isRequired>
          <Label>Password</Label>
          <Input />
          <FieldError />
        </TextField>
        <Button type="submit">Sign in</Button>
      </Form>
    </main>
  )
}

const root = createRootRoute({ component: Outlet })
const routeTree = root.addChildren([
  createRoute({ getParentRoute: () => root, path: '/signin', component: SignIn }),
  createRoute({ getParentRoute: () => root, path: '/app/dashboard', component: () => <h1>Signed in</h1> }),
])
const router = createRouter({ routeTree })

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <I18nProvider locale={navigator.language}>
      <RouterProvider router={router} />
    </I18nProvider>
  </StrictMode>,
)
