/**
 * Profile Settings › Security › Two-factor authentication in each state a person can see, each
 * started from a saved state (`resolveState`) with calls that never answer, and the notices of a
 * workspace that requires it.
 */
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import QRCode from 'qrcode'
import { expect, userEvent, within } from 'storybook/test'
import { type StateValue, createActor, fromPromise } from 'xstate'
import { type RecoveryCodesResponse, type TwoFactorEnrolment, type TwoFactorStatus, TWO_FACTOR_MESSAGES } from '../contract/twoFactor.ts'
import { enrolment, recoveryCodes, statusOff, statusOn } from '../machines/twoFactor/twoFactor.fixtures.ts'
import { type TwoFactorContext, twoFactorMachine } from '../machines/twoFactor/twoFactor.machine.ts'
import { TwoFactorView } from '../src/pages/security/TwoFactorSection.tsx'
import { sections } from '../src/pages/ProfileSettingsPage.css.ts'
import { TwoFactorRequiredNoticeView, TwoFactorRequiredView } from '../src/pages/TwoFactorRequiredPage.tsx'

const meta: Meta = { title: 'Machines/twoFactor' }
export default meta
type Story = StoryObj

const pending = <T,>() => new Promise<T>(() => {})

const twoFactorDefaults: TwoFactorContext = { status: statusOff, loadError: null, enrolment: null, code: '', codeError: null, formError: null, recoveryCodes: null }

/** A QR code of `text` as a data URL, made the way the server makes it (server/auth/two-factor.ts: SVG, level M, margin 2). */
async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return `data:image/svg+xml;base64,${btoa(svg)}`
}

function twoFactorStory(value: StateValue, context: Partial<TwoFactorContext> = {}, play?: Story['play']): Story {
  const create = (loaded: Partial<TwoFactorContext>) => {
    const machine = twoFactorMachine.provide({
      actors: {
        loadStatus: fromPromise(() => pending<TwoFactorStatus>()),
        enrol: fromPromise(() => pending<TwoFactorEnrolment>()),
        confirm: fromPromise<RecoveryCodesResponse, { code: string }>(() => pending()),
        regenerateCodes: fromPromise<RecoveryCodesResponse, { code: string }>(() => pending()),
        disable: fromPromise<TwoFactorStatus, { code: string }>(() => pending()),
      },
    })
    return createActor(machine, { snapshot: machine.resolveState({ value, context: { ...twoFactorDefaults, ...context, ...loaded } }) }).start()
  }
  return {
    parameters: { machineState: { machine: 'twoFactor', state: value } },
    // An enrolment on screen gets a real QR code of its otpauth URL, drawn as the server draws it.
    ...(context.enrolment ? { loaders: [async () => ({ enrolment: { ...context.enrolment, qr_data_url: await qrDataUrl(context.enrolment!.otpauth_url) } })] } : {}),
    render: function Render(_args, { loaded }) {
      const [actor] = useState(() => create(loaded as Partial<TwoFactorContext>))
      return (
        <div className={sections}>
          <TwoFactorView actor={actor} email="admin@acme.test" />
        </div>
      )
    },
    ...(play ? { play } : {}),
  }
}

/** loading. */
export const TwoFactorLoading = twoFactorStory('loading', { status: null })

/** failed: the reason and 'Try again'. */
export const TwoFactorLoadFailed = twoFactorStory('failed', { status: null, loadError: 'Could not load your two-factor settings. Please try again.' })

/** off.idle: what it is, and 'Turn on'. */
export const TwoFactorOff = twoFactorStory({ off: 'idle' }, {}, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByRole('button', { name: 'Turn on' })).toBeEnabled()
})

/** off.enrolling: a new secret is on its way. */
export const TwoFactorStarting = twoFactorStory({ off: 'enrolling' })

/** off.confirming: the QR code (an <img> of the server's data URL), the key to type by hand, the code field. */
export const TwoFactorScan = twoFactorStory({ off: 'confirming' }, { enrolment }, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(canvas.getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute('src', await qrDataUrl(enrolment.otpauth_url))
  await expect(canvas.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument()
  await expect(canvas.getByRole('textbox', { name: 'Authentication code' })).toHaveValue('')
})

/** off.confirming after the server refused the code: its message on the field. */
export const TwoFactorWrongCode = twoFactorStory({ off: 'confirming' }, { enrolment, code: '111111', codeError: TWO_FACTOR_MESSAGES.wrongCode })

/** off.confirming after too many wrong codes: the server's 429 message above the form. */
export const TwoFactorTooManyAttempts = twoFactorStory(
  { off: 'confirming' },
  { enrolment, code: '111111', formError: 'Too many attempts. Try again in 15 minutes.' },
  async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('Too many attempts')
  },
)

/** off.confirmingCode: the code is being checked. */
export const TwoFactorConfirming = twoFactorStory({ off: 'confirmingCode' }, { enrolment, code: '287082' })

/** on.idle: since when, and recovery codes left. */
export const TwoFactorOn = twoFactorStory({ on: 'idle' }, { status: statusOn })

/** on.idle with few recovery codes left: a nudge to make new ones. */
export const TwoFactorOnFewCodesLeft = twoFactorStory({ on: 'idle' }, { status: { ...statusOn, recovery_codes_left: 1 } }, async ({ canvasElement }) => {
  await expect(within(canvasElement).getByText(/1 recovery code left/)).toBeInTheDocument()
})

/** on.regenerateForm: a current code or a recovery code first. */
export const TwoFactorRegenerate = twoFactorStory({ on: 'regenerateForm' }, { status: statusOn })

/** on.regenerating. */
export const TwoFactorRegenerating = twoFactorStory({ on: 'regenerating' }, { status: statusOn, code: '287082' })

/** on.disableForm with a used recovery code: the server's message on the field. */
export const TwoFactorTurnOff = twoFactorStory(
  { on: 'disableForm' },
  { status: statusOn, code: 'abcde-23456', codeError: TWO_FACTOR_MESSAGES.wrongRecoveryCode },
)

/** on.disabling. */
export const TwoFactorTurningOff = twoFactorStory({ on: 'disabling' }, { status: statusOn, code: '287082' })

/** codes: the ten recovery codes, shown this once. */
export const TwoFactorRecoveryCodes = twoFactorStory('codes', { status: statusOff, recoveryCodes }, async ({ canvasElement }) => {
  const canvas = within(canvasElement)
  await expect(within(canvas.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem')).toHaveLength(10)
  await expect(canvas.getByRole('button', { name: 'I saved them' })).toBeInTheDocument()
})

/** Interaction (ends with an error, not in the scan state): a code that is not six digits is refused before it is sent. */
export const TwoFactorScanShortCode: Story = {
  loaders: TwoFactorScan.loaders,
  render: TwoFactorScan.render,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(canvas.getByRole('textbox', { name: 'Authentication code' }), '12')
    await userEvent.click(canvas.getByRole('button', { name: 'Confirm' }))
    await expect(canvas.getByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument()
  },
}

/** The page shown in place of another while the workspace requires two-factor and it is not set up (until the guard moves to /app/account). */
export const TwoFactorRequiredNotice: Story = {
  render: () => <TwoFactorRequiredView orgName="Acme Support" canSwitch={false} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Two-factor authentication required' })).toBeInTheDocument()
    await expect(canvas.getByText('Acme Support requires two-factor authentication. Turn it on to continue.')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Set up two-factor authentication' })).toHaveAttribute('href', '/app/account?tab=security')
  },
}

/** The notice above /app/account › Security's sections, where such a member is sent. */
export const TwoFactorRequiredOnSecurityTab: Story = {
  render: () => (
    <div className={sections}>
      <TwoFactorRequiredNoticeView orgName="Acme Support" canSwitch />
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { level: 2, name: 'Two-factor authentication required' })).toBeInTheDocument()
    await expect(canvas.getByText('Acme Support requires two-factor authentication. Turn it on to continue.')).toBeInTheDocument()
    await expect(canvas.getByRole('link', { name: 'Switch workspace' })).toHaveAttribute('href', '/app/workspace-selection')
  },
}

/** The same notice for a person with other workspaces: 'Switch workspace' is a way out. */
export const TwoFactorRequiredNoticeOtherWorkspaces: Story = {
  render: () => <TwoFactorRequiredView canSwitch />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('link', { name: 'Switch workspace' })).toHaveAttribute('href', '/app/workspace-selection')
  },
}
