/**
 * The look every Engage email shares: one column, the product's indigo, system fonts,
 * no images (the logo is a coloured block of text, so nothing is blocked by a mail client), and a
 * footer saying why the message came. Written with react-email components (docs/decisions.md
 * "Email templates: react-email"): the HTML and the plain-text part come from one source. Every
 * message is in its recipient's language (`translator`), right to left for Arabic; the styles are
 * symmetric, so they read the same both ways.
 */
import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components'
import type { ReactNode } from 'react'
import { emailMessages } from '../mail.messages.ts'
import type { MailTranslator } from '../translate.ts'

const colors = { primary: '#4f46e5', text: '#14161f', muted: '#5b6172', border: '#dfe2ea', background: '#f6f7fb' } as const
/** The logo's text: the product's name, the same in every language. */
const PRODUCT_NAME = 'Engage'
const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif'

export const styles = {
  paragraph: { fontSize: '15px', lineHeight: '24px', color: colors.text, margin: '0 0 16px' },
  muted: { fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '0 0 12px' },
  heading: { fontSize: '20px', lineHeight: '28px', fontWeight: 700, color: colors.text, margin: '0 0 16px' },
  /** Long token links break anywhere rather than widen the message. */
  link: { color: colors.primary, wordBreak: 'break-all' },
} as const

/**
 * The page around a message in `translator`'s language (`lang` and `dir`; `dir` on the body too,
 * for clients that drop the html element): `preview` is the line mail clients show next to the subject.
 */
export function MailLayout({ translator, preview, children, footer }: { translator: MailTranslator; preview: string; children: ReactNode; footer: ReactNode }) {
  return (
    <Html lang={translator.language} dir={translator.dir}>
      <Head />
      <Preview>{preview}</Preview>
      <Body dir={translator.dir} style={{ backgroundColor: colors.background, fontFamily: font, margin: 0, padding: '24px 8px' }}>
        {/* The padding sits on an inner section: on the table itself it would widen it past a phone's screen. */}
        <Container style={{ maxWidth: '560px', margin: '0 auto', backgroundColor: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: '12px' }}>
          <Section style={{ padding: '28px 24px' }}>
            <Text style={{ fontSize: '18px', fontWeight: 700, color: colors.primary, margin: '0 0 24px', letterSpacing: '-0.02em' }}>{PRODUCT_NAME}</Text>
            {children}
            <Hr style={{ borderColor: colors.border, margin: '24px 0 16px' }} />
            {footer}
          </Section>
        </Container>
      </Body>
    </Html>
  )
}

/** The one call to action of a message, with the address spelled out beneath for clients that drop buttons. */
export function MailAction({ translator, href, label }: { translator: MailTranslator; href: string; label: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={href} style={{ backgroundColor: colors.primary, color: '#ffffff', borderRadius: '8px', padding: '12px 20px', fontSize: '15px', fontWeight: 600, textDecoration: 'none' }}>
        {label}
      </Button>
      <Text style={{ ...styles.muted, margin: '16px 0 0' }}>
        {translator.parts(emailMessages.pasteAddress, {
          // An address reads left to right, in an Arabic sentence too.
          link: (
            <Link key="link" href={href} dir="ltr" style={styles.link}>
              {href}
            </Link>
          ),
        })}
      </Text>
    </Section>
  )
}
