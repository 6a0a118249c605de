/**
 * Bundle floor of /signin: React DOM, the TanStack router (two routes) and a
 * react-aria-components form (Form, TextField, Label, Input, FieldError, Button), nothing of
 * Engage. Built by bench/floor/build.ts with the project's vite.config.ts; its initial JS is what
 * /signin's is divided by. The READY element is the form's submit button, found by the same
 * selector as the real page's (bench/lib/page-metrics.ts READY.signIn).
 */
import { RouterProvider, createRootRoute, createRoute, createRouter, Outlet, useNavigate } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Button, FieldError, Form, Input, Label, TextField } from 'react-aria-components'

function SignIn() {
  const navigate = useNavigate()
  return (
    <main style={{ maxWidth: 360, margin: '64px auto' }}>
      <h1>Sign in</h1>
      <Form
        aria-label="Sign in"
        onSubmit={(event) => {
          event.preventDefault()
          void navigate({ to: '/app/dashboard' })
        }}
      >
        <TextField name="email" type="email" isRequired>
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
    <RouterProvider router={router} />
  </StrictMode>,
)
