/**
 * The account pages' stories (passwordResetRequest, passwordReset, emailConfirmation): a stub API
 * whose account calls answer as the story says, or never (the busy states).
 */
import type { StoryObj } from '@storybook/react-vite'
import type { ReactNode } from 'react'
import type { Endpoints } from '../src/api/endpoints.ts'
import { ApiProvider } from '../src/system/api.tsx'

type Account = Endpoints['account']

/** A call that never answers. */
export const never = () => new Promise<never>(() => {})

/** A call refused by the server with `status` and `code`. */
export const refused = (status: number, code: string, message: string) => Promise.reject(Object.assign(new Error(message), { status, code, issues: [] }))

/** A story of `page` over the stub API (`account` answers; every other account call never does), showing `machineState`. */
export function withApi(account: Partial<Account>, page: () => ReactNode, machineState: StoryObj['parameters']): StoryObj {
  return {
    parameters: { machineState },
    render: () => <ApiProvider api={{ account: { passwordReset: never, confirmPasswordReset: never, confirmEmail: never, resendEmailConfirmation: never, ...account } } as unknown as Endpoints}>{page()}</ApiProvider>,
  }
}
