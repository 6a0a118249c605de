// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import type { ComponentType } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { ENGLISH, loadLanguage } from '../i18n/catalogue.ts'
import type { MessageDescriptor } from '../i18n/messages.ts'
import { LanguageProvider } from '../i18n/react.tsx'
import { loadSiteCatalogue, withSiteCatalogue } from '../i18n/site-catalogue.ts'
import { createTranslator } from '../i18n/translator.ts'
import { PLANS, SALES_EMAIL, TOOLS } from './public/content.ts'
import { FEATURES } from './public/LandingPage.tsx'
import { LEGAL_DOCUMENTS } from './public/LegalPages.tsx'
import { FOOTER_LINKS } from './public/PublicLayout.tsx'
import { infoPagesMessages } from './public/infoPages.messages.ts'
import { landingMessages } from './public/landing.messages.ts'
import { legalMessages } from './public/legal.messages.ts'
import { pricingMessages } from './public/pricing.messages.ts'
import { publicSiteMessages } from './public/publicSite.messages.ts'
import { publicTitlesMessages } from './public/titles.messages.ts'
import * as PublicSite from './public/PublicSite.tsx'
import { PUBLIC_PAGE_KEYS } from './public-pages.ts'
import { publicPagesMessages } from './publicPages.messages.ts'
import { MESSAGE_PAGES, type MessagePageKey, PublicPage, SITE_PAGES, type SitePageKey } from './PublicPage.tsx'
import { SharePage } from './SharePage.tsx'

afterEach(cleanup)

/** The public site's words as an English reader sees them. */
const english = createTranslator(ENGLISH)

const keys = PUBLIC_PAGE_KEYS
const siteKeys = Object.keys(SITE_PAGES) as SitePageKey[]
const messageKeys = Object.keys(MESSAGE_PAGES) as MessagePageKey[]
const LANDING_DOCUMENT_TITLE = english.t(publicTitlesMessages.landingDocumentTitle)

/** Each site page's h1 in English. */
const SITE_TITLES: Record<SitePageKey, string> = {
  '/': english.t(publicTitlesMessages.landingHeading),
  '/pricing': 'Pricing',
  '/tools': 'Tools',
  '/joinus': 'Join us',
  '/book-a-call': 'Book a call',
  '/terms-of-service': 'Terms of Service',
  '/privacy-policy': 'Privacy Policy',
  '/refund-policy': 'Refund Policy',
}
/** Each card page's h1 in English ('Engage' on the window splash). */
const messageTitle = (key: MessagePageKey) => {
  const title = MESSAGE_PAGES[key].title
  return title ? english.t(title) : 'Engage'
}

function renderSite(key: SitePageKey) {
  const Page = PublicSite[SITE_PAGES[key]] as ComponentType
  return render(<Page />)
}

describe('pages outside /app (SPEC §2.1, §2.5)', () => {
  it('has a page for every general route outside /app and for the channel sign-in returns', () => {
    for (const path of ['/signin-error', '/enable-bug-report', '/link-expired', '/window-splash', '/404', '/sso/callback', '/auth-callback']) {
      expect(keys).toContain(path)
    }
    for (const path of ['/', '/pricing', '/tools', '/joinus', '/book-a-call', '/share', '/terms-of-service', '/privacy-policy', '/refund-policy']) {
      expect(keys).toContain(path)
    }
  })

  it.each(messageKeys)('%s renders its title as the page heading, with a way to sign in, and names the tab', (key) => {
    render(<PublicPage pageKey={key} />)
    expect(screen.getByRole('heading', { level: 1, name: messageTitle(key) })).toBeTruthy()
    expect(screen.getByText(english.t(MESSAGE_PAGES[key].text))).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
    expect(document.title).toBe(key === '/window-splash' ? 'Engage' : `${messageTitle(key)} · Engage`)
  })

  it('a /share/ page shows its own title; an unknown one the generic shared page', () => {
    render(<SharePage pathname="/share/event-registration/42" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Event registration' })).toBeTruthy()
    cleanup()
    render(<SharePage pathname="/share/other/42" />)
    expect(screen.getByRole('heading', { level: 1, name: 'Shared with you' })).toBeTruthy()
  })
})

describe('the card pages in the reader’s language', () => {
  const locales = ['de', 'es', 'ar'] as const
  it.each(messageKeys.flatMap((key) => locales.map((locale) => [key, locale] as const)))('%s in %s: no English title, text or link', async (key, locale) => {
    render(
      <LanguageProvider language={await loadLanguage(locale)}>
        <PublicPage pageKey={key} />
      </LanguageProvider>,
    )
    const page = MESSAGE_PAGES[key]
    const heading = screen.getByRole('heading', { level: 1 }).textContent
    expect(heading).toBe(page.title ? createTranslator(await loadLanguage(locale)).t(page.title) : 'Engage')
    if (page.title) expect(heading).not.toBe(english.t(page.title))
    expect(document.body.textContent).not.toContain(english.t(page.text))
    expect(screen.getByRole('link').textContent).not.toBe('Sign in')
  })

  it.each(locales)('a /share/ page in %s', async (locale) => {
    render(
      <LanguageProvider language={await loadLanguage(locale)}>
        <SharePage pathname="/share/event-registration/42" />
      </LanguageProvider>,
    )
    expect(screen.getByRole('heading', { level: 1 }).textContent).not.toBe('Event registration')
    expect(document.body.textContent).not.toContain('Register for an event hosted with Engage.')
    expect(document.title).toBe(`${screen.getByRole('heading', { level: 1 }).textContent} · Engage`)
  })
})

describe('the public site', () => {
  it('serves the landing page, pricing, tools, join us, book a call and the three legal pages', () => {
    expect(siteKeys.sort()).toEqual(['/', '/book-a-call', '/joinus', '/pricing', '/privacy-policy', '/refund-policy', '/terms-of-service', '/tools'])
  })

  it.each(siteKeys)('%s: its h1, the header (Sign in, Get started), the footer, the skip link first, and the tab title', (key) => {
    const { container } = renderSite(key)
    expect(screen.getByRole('heading', { level: 1, name: SITE_TITLES[key] })).toBeTruthy()

    const header = screen.getByRole('banner')
    expect(within(header).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/signin')
    expect(within(header).getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/signup')
    expect(within(header).getByRole('link', { name: 'Engage home' }).getAttribute('href')).toBe('/')

    const footer = screen.getByRole('contentinfo')
    for (const [label, href] of FOOTER_LINKS.flatMap((column) => column.links)) {
      expect(
        within(footer)
          .getByRole('link', { name: english.t(label) })
          .getAttribute('href'),
      ).toBe(href)
    }

    // The skip link is the first focusable element and points at the main landmark.
    const first = container.querySelector('a[href], button, input, [tabindex]:not([tabindex="-1"])')
    expect(first?.textContent).toBe('Skip to content')
    expect(screen.getByRole('link', { name: 'Skip to content' }).getAttribute('href')).toBe('#main')
    const main = screen.getByRole('main')
    expect(main.id).toBe('main')
    expect(main.getAttribute('tabindex')).toBe('-1')

    expect(document.title).toBe(key === '/' ? LANDING_DOCUMENT_TITLE : `${SITE_TITLES[key]} · Engage`)
  })

  it('the skip link moves focus to the main content', () => {
    renderSite('/pricing')
    screen.getByRole('link', { name: 'Skip to content' }).click()
    expect(document.activeElement).toBe(screen.getByRole('main'))
  })

  it('the landing page says what Engage is, shows the shell and its features, and leads to sign-up', () => {
    renderSite('/')
    const main = screen.getByRole('main')
    expect(within(main).getByRole('img', { name: /The Engage workspace/ })).toBeTruthy()
    for (const link of within(main).getAllByRole('link', { name: 'Create your workspace' })) expect(link.getAttribute('href')).toBe('/signup')
    expect(within(main).getByRole('link', { name: 'See pricing' }).getAttribute('href')).toBe('/pricing')
    expect(FEATURES.length).toBeGreaterThanOrEqual(3)
    expect(FEATURES.length).toBeLessThanOrEqual(6)
    for (const feature of FEATURES) expect(within(main).getByRole('heading', { level: 3, name: english.t(feature.title) })).toBeTruthy()
    expect(within(main).getByRole('heading', { level: 2, name: 'Bring your team into one workspace' })).toBeTruthy()
  })

  it('pricing lists each plan with its credits a month and a button to sign up (Enterprise: a call)', () => {
    renderSite('/pricing')
    for (const plan of PLANS) {
      const card = screen.getByRole('heading', { level: 2, name: plan.name }).closest('li')!
      const credits = plan.credits === null ? 'Custom credits agreed with you' : `${plan.credits.toLocaleString('en-US')} credits a month`
      expect(within(card).getByText((_, el) => el?.tagName === 'P' && el.textContent === credits)).toBeTruthy()
      expect(
        within(card)
          .getByRole('link', { name: english.t(plan.cta.label) })
          .getAttribute('href'),
      ).toBe(plan.cta.href)
    }
    // Each self-serve plan's button carries its plan into sign-up (the new workspace starts on it).
    expect(PLANS.filter((plan) => /^\/signup\?plan=\w+$/.test(plan.cta.href)).length).toBeGreaterThanOrEqual(2)
  })

  it('book a call says what to expect and offers an email link, not a form', () => {
    renderSite('/book-a-call')
    expect(screen.getByRole('heading', { level: 2, name: 'What to expect' })).toBeTruthy()
    expect(screen.getByRole('link', { name: `Email ${SALES_EMAIL}` }).getAttribute('href')).toMatch(new RegExp(`^mailto:${SALES_EMAIL}\\?subject=`))
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('tools are marked coming soon, with no button that would do nothing', () => {
    renderSite('/tools')
    const main = screen.getByRole('main')
    for (const tool of TOOLS) expect(within(main).getByRole('heading', { level: 2, name: english.t(tool.name) })).toBeTruthy()
    expect(within(main).getAllByText('Coming soon')).toHaveLength(TOOLS.length)
    expect(within(main).queryAllByRole('button')).toHaveLength(0)
    expect(within(main).queryAllByRole('link')).toHaveLength(0)
  })

  it('join us lists open roles and how to apply by email', () => {
    renderSite('/joinus')
    expect(screen.getByRole('heading', { level: 2, name: 'Open roles' })).toBeTruthy()
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(2)
    expect(screen.getByRole('link', { name: /^Email / }).getAttribute('href')).toMatch(/^mailto:/)
  })

  it.each(Object.values(LEGAL_DOCUMENTS).map((doc) => [doc.path, doc] as const))('%s has its sections as headings and a contact address', (path, doc) => {
    renderSite(path)
    for (const section of doc.sections) expect(screen.getByRole('heading', { level: 2, name: english.t(section.heading) })).toBeTruthy()
    expect(screen.getByRole('link', { name: doc.contact }).getAttribute('href')).toMatch(new RegExp(`^mailto:${doc.contact}`))
  })
})

describe('the public site in the reader’s language', () => {
  /** The public site's English sentences and phrases (long enough to be told apart from names and numbers). */
  const englishTexts = [infoPagesMessages, landingMessages, legalMessages, pricingMessages, publicSiteMessages, publicTitlesMessages]
    .flatMap((messages) => Object.values<MessageDescriptor>(messages))
    .filter((message) => !/[{}]/.test(english.t(message)))
    .map((message) => english.t(message))
    .filter((text) => text.length >= 12 && !text.includes('Engage'))

  it.each(siteKeys.flatMap((key) => (['de', 'es', 'ar'] as const).map((locale) => [key, locale] as const)))(
    '%s in %s: no English sentence left, and the tab named in the language',
    async (key, locale) => {
      const Page = PublicSite[SITE_PAGES[key]] as ComponentType
      const language = await loadLanguage(locale)
      // As the site's routes do in their loader: its own messages arrive before the page renders.
      const site = await loadSiteCatalogue(locale)
      const { container } = render(
        <LanguageProvider language={language}>
          <Page />
        </LanguageProvider>,
      )
      const shown = `${container.textContent} ${[...container.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label')).join(' ')}`
      expect(englishTexts.filter((text) => shown.includes(text))).toEqual([])
      const heading = screen.getByRole('heading', { level: 1 }).textContent
      expect(document.title).toBe(key === '/' ? createTranslator(withSiteCatalogue(language, site)).t(publicTitlesMessages.landingDocumentTitle) : `${heading} · Engage`)
      expect(document.title).not.toBe(LANDING_DOCUMENT_TITLE)
    },
  )
})
