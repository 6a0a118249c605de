import { describe, expect, it } from 'vitest'
import { isExternalHref, isPublicPath, showsBugReportButton, usesBareLayout } from './paths.ts'

describe('path rules', () => {
  it.each(['/', '/pricing', '/pricing/teams', '/tools/x', '/joinus', '/book-a-call', '/share/tc/1', '/window-splash', '/terms-of-service', '/privacy-policy', '/refund-policy', '/app/integrations/callback'])(
    'SPEC §2.1: %s is public',
    (p) => expect(isPublicPath(p)).toBe(true),
  )
  it.each(['/app', '/app/dashboard', '/app/integrations', '/pricingx', '/terms-of-service/x', '/signin'])('%s is not public', (p) =>
    expect(isPublicPath(p)).toBe(false),
  )
  it.each(['/app/setting/integrations/slack', '/app/waitlist', '/app/sign-up-info', '/app/signout', '/app/release-notes', '/app/workspace-selection', '/app/DEFAULT/onboarding', '/app/CTWA/onboarding', '/app/CREATOR/onboarding', '/app/SUPEHR/onboarding'])(
    'SPEC §2.3: %s uses the bare layout',
    (p) => expect(usesBareLayout(p)).toBe(true),
  )
  it.each(['/app/dashboard', '/app/setting/integrations', '/app/contacts'])('%s uses the dashboard layout', (p) => expect(usesBareLayout(p)).toBe(false))
  it.each(['/app/integrations', '/app/integrations/slack/callback'])('SPEC §2.3: %s hides the bug-report button', (p) =>
    expect(showsBugReportButton(p)).toBe(false),
  )
  it.each(['/app/dashboard', '/app/integration-apps/ad-account', '/app/calls/integrations', '/app/setting/integrations/slack'])('%s shows the bug-report button', (p) =>
    expect(showsBugReportButton(p)).toBe(true),
  )
  it.each(['https://docs.engage.dev', 'http://example.com/a?b=1', 'mailto:help@engage.dev', '//cdn.example/x'])('%s leaves the app: kept as written', (href) =>
    expect(isExternalHref(href)).toBe(true),
  )
  it.each(['/app/dashboard', '/app/notifications?tab=all', 'billing', '?tab=security', '#main'])('%s is a place in the app', (href) =>
    expect(isExternalHref(href)).toBe(false),
  )
})
