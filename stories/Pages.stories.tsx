import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import {
  BookACallPage,
  JoinUsPage,
  LandingPage,
  PricingPage,
  PrivacyPolicyPage,
  RefundPolicyPage,
  TermsOfServicePage,
  ToolsPage,
} from '../src/pages/public/PublicSite.tsx'

/** The public site (SPEC §2.1): no machine, one story per page. The pages each auth state leads to are under Machines/auth. */
const meta: Meta = { title: 'Pages/Public site', tags: ['!autodocs'] }
export default meta

const site = (Page: () => React.ReactNode): StoryObj => ({ render: () => <Page /> })

/** `/`: what Engage is, the shell's picture, the features and the calls to sign up. */
export const Landing = site(LandingPage)
/** `/pricing`: the plans with their credits a month. */
export const Pricing = site(PricingPage)
/** `/tools`: what is coming, marked so. */
export const Tools = site(ToolsPage)
/** `/joinus`: open roles and how to apply. */
export const JoinUs = site(JoinUsPage)
/** `/book-a-call`: what a call covers, and an email link to ask for one. */
export const BookACall = site(BookACallPage)
/** `/terms-of-service`. */
export const TermsOfService = site(TermsOfServicePage)
/** `/privacy-policy`. */
export const PrivacyPolicy = site(PrivacyPolicyPage)
/** `/refund-policy`. */
export const RefundPolicy = site(RefundPolicyPage)

/** On a public page too, the first Tab stop is the skip link, shown while focused. */
export const PublicSkipLink: StoryObj = {
  ...Landing,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toHaveFocus()
    await userEvent.keyboard('{Enter}')
    await expect(canvas.getByRole('main')).toHaveFocus()
  },
}
