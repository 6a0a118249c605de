/**
 * The header's user menu (SPEC §2.6): an avatar button named 'User menu' opening Settings,
 * Documentation (external docs, new tab) and Sign out, led by (ours) 'Account', the person's own
 * profile, security and notifications open to everyone (/app/account). The header hides it under 1024 px.
 * Built on the Menu and IconButton primitives; the signed-in person heads the menu.
 */
import BookOpen from 'lucide-react/icons/book-open'
import CircleUser from 'lucide-react/icons/circle-user'
import LogOut from 'lucide-react/icons/log-out'
import Settings from 'lucide-react/icons/settings'
import type { User } from '../../../contract/api.ts'
import { IconButton } from '../primitives/IconButton/IconButton.tsx'
import { Menu, MenuItem } from '../primitives/Menu/Menu.tsx'
import { initials } from './initials.ts'
import { ACCOUNT_PATH, DOCS_URL, SETTINGS_PATH, SIGN_OUT_PATH } from './links.ts'
import * as css from './UserMenu.css.ts'
import { useTranslator } from '../../i18n/react.tsx'
import { shellMessages as m } from './shell.messages.ts'

export function UserMenu({ user }: { user: User }) {
  const { t } = useTranslator()
  return (
    <Menu
      trigger={
        <IconButton label={t(m.userMenu)} className={css.trigger}>
          <span className={css.avatar} aria-hidden="true">
            {initials(user.fullName)}
          </span>
        </IconButton>
      }
      header={
        <div className={css.identity}>
          <span className={css.name} dir="auto">
            {user.fullName}
          </span>
          <span className={css.email}>{user.email}</span>
        </div>
      }
    >
      <MenuItem href={ACCOUNT_PATH} icon={<CircleUser size={16} />}>
        {t(m.account)}
      </MenuItem>
      <MenuItem href={SETTINGS_PATH} icon={<Settings size={16} />}>
        {t(m.settings)}
      </MenuItem>
      <MenuItem href={DOCS_URL} target="_blank" rel="noopener noreferrer" icon={<BookOpen size={16} />}>
        {t(m.documentation)}
      </MenuItem>
      <MenuItem href={SIGN_OUT_PATH} icon={<LogOut size={16} />}>
        {t(m.signOut)}
      </MenuItem>
    </Menu>
  )
}
