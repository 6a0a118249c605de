/**
 * Profile Settings › Security: the person's signed-in sessions and their second
 * factor, one section each.
 */
import * as css from '../ProfileSettingsPage.css.ts'
import { PasskeysSection } from './PasskeysSection.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { TwoFactorSection } from './TwoFactorSection.tsx'

export function SecurityTab() {
  return (
    <div className={css.sections}>
      <TwoFactorSection />
      <PasskeysSection />
      <SessionsSection />
    </div>
  )
}
