/**
 * The header's user menu (SPEC §2.6): an avatar button named 'User menu' opening Settings,
 * Documentation (external docs, new tab) and Sign out. The header hides it under 1024 px.
 */
import BookOpen from 'lucide-react/icons/book-open'
import ExternalLink from 'lucide-react/icons/external-link'
import LogOut from 'lucide-react/icons/log-out'
import Settings from 'lucide-react/icons/settings'
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components'
import type { User } from '../../../contract/api.ts'
import { initials } from './initials.ts'
import { DOCS_URL, SETTINGS_PATH, SIGN_OUT_PATH } from './links.ts'
import * as css from './UserMenu.css.ts'

export function UserMenu({ user }: { user: User }) {
  return (
    <MenuTrigger>
      <Button aria-label="User menu" className={css.trigger}>
        <span className={css.avatar} aria-hidden="true">
          {initials(user.fullName)}
        </span>
      </Button>
      <Popover placement="bottom end" offset={8} className={css.popover}>
        <div className={css.identity}>
          <span className={css.name}>{user.fullName}</span>
          <span className={css.email}>{user.email}</span>
        </div>
        <Menu aria-label="User menu" className={css.menu}>
          <MenuItem href={SETTINGS_PATH} textValue="Settings" className={css.item}>
            <Settings size={16} aria-hidden="true" />
            Settings
          </MenuItem>
          <MenuItem href={DOCS_URL} target="_blank" rel="noopener noreferrer" textValue="Documentation" className={css.item}>
            <BookOpen size={16} aria-hidden="true" />
            Documentation
            <ExternalLink size={14} aria-hidden="true" className={css.external} />
          </MenuItem>
          <MenuItem href={SIGN_OUT_PATH} textValue="Sign out" className={css.item}>
            <LogOut size={16} aria-hidden="true" />
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  )
}
