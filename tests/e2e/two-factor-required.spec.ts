/**
 * A workspace that requires two-factor authentication, end to end: its owner is
 * refused the switch until their own second factor is on (the server's message beside it), then
 * turns it on; a member without two-factor who joins is sent from every page to /app/account ›
 * Security, whose notice names the workspace, sets it up there and, once the recovery codes are
 * put away, uses the workspace.
 *
 * Both people are fresh accounts (signed up, approved with the admin CLI, sign-up completed): the
 * demo accounts other specs use are left as seeded.
 */
import type { Browser, Page } from '@playwright/test'
import { generate } from 'otplib'
import { expect, newPage, signIn, signUpFreshPerson, test } from './fixtures.ts'

const PASSWORD = 'a-long-enough-password'
const SWITCH = 'Require two-factor authentication for all members'
const SECURITY = '/app/account?tab=security'




/** Turns two-factor on in Profile Settings › Security with a real TOTP code; leaves the recovery codes on screen. */
async function turnOnTwoFactor(page: Page): Promise<void> {
  const section = page.getByRole('region', { name: 'Two-factor authentication' })
  await section.getByRole('button', { name: 'Turn on' }).click()
  const secret = ((await section.getByLabel('Secret key').textContent()) ?? '').replace(/\s+/g, '')
  await section.getByLabel('Authentication code').fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }))
  await section.getByRole('button', { name: 'Confirm' }).click()
  await expect(section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
}

test.describe('two-factor requirement of a workspace', () => {
  test('the owner requires it once their own is on; a member without it is sent to Account › Security until they set it up', async ({ browser }) => {
    test.setTimeout(150_000)
    const owner = await newPage(browser)
    const { orgName } = await signUpFreshPerson(owner, 'Olga', PASSWORD)

    // Refused while the owner has no second factor: the server's message beside the switch.
    await owner.goto('/app/setting/workspace-settings')
    const toggle = owner.getByRole('switch', { name: SWITCH })
    await expect(toggle).not.toBeChecked()
    await owner.getByText(SWITCH, { exact: true }).click()
    await expect(owner.getByRole('status').filter({ hasText: 'Turn on two-factor authentication for your own account before requiring it for everyone.' })).toBeVisible()
    await expect(toggle).not.toBeChecked()

    await owner.goto(SECURITY)
    await turnOnTwoFactor(owner)
    await owner.getByRole('button', { name: 'I saved them' }).click()
    await owner.goto('/app/setting/workspace-settings')
    await owner.getByText(SWITCH, { exact: true }).click()
    await expect(owner.getByText('Two-factor authentication is now required for everyone in this workspace.')).toBeVisible()
    await expect(toggle).toBeChecked()
    // The session caught up: a reload still shows it on.
    await owner.reload()
    await expect(owner.getByRole('switch', { name: SWITCH })).toBeChecked()

    // A member without two-factor joins through an invitation.
    const member = await newPage(browser)
    const joiner = await signUpFreshPerson(member, 'Mo', PASSWORD)
    await owner.goto('/app/setting/team/invite')
    await owner.getByLabel('Email').fill(joiner.email)
    await owner.getByRole('checkbox', { name: /^Team Member/ }).locator('xpath=ancestor::label').click()
    await owner.getByRole('button', { name: 'Send invitation' }).click()
    await expect(owner.getByText('Invitation sent: they join once they accept')).toBeVisible()

    await member.reload()
    await member.getByRole('button', { name: /^Workspace\b/ }).click()
    const dialog = member.getByRole('dialog', { name: 'Switch workspace' })
    await dialog.getByRole('button', { name: `Accept invitation to ${orgName}` }).click()
    await dialog.getByRole('option', { name: orgName }).click()

    // Every page sends them to Account › Security, whose notice names the workspace.
    const onSecurity = (url: URL) => url.pathname === '/app/account' && url.searchParams.get('tab') === 'security'
    await expect(member).toHaveURL(onSecurity)
    const notice = member.getByRole('heading', { level: 2, name: 'Two-factor authentication required' })
    await expect(notice).toBeVisible()
    await expect(member.getByText(`${orgName} requires two-factor authentication. Turn it on to continue.`)).toBeVisible()
    await expect(member.getByRole('link', { name: 'Switch workspace' })).toBeVisible()
    for (const path of ['/app/setting/team', '/app/setting/profile-settings']) {
      await member.goto(path)
      await expect(member).toHaveURL(onSecurity)
      await expect(notice).toBeVisible()
    }
    await turnOnTwoFactor(member)
    // Putting the codes away verifies the session again: the notice lifts (a client-side navigation, no reload).
    await member.getByRole('button', { name: 'I saved them' }).click()
    await member.getByRole('link', { name: 'Overview' }).click()
    await expect(member.getByRole('heading', { name: 'Overview' })).toBeVisible()
    await expect(notice).toHaveCount(0)
    await member.context().close()
    await owner.context().close()
  })
})
