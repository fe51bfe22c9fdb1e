import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import './ui.css';

export interface MenuLink {
  id: string;
  label: string;
  href: string;
  /** Opens in a new tab (documents, videos, chat). */
  external?: boolean;
}

/** A button that opens a dropdown of links (e.g. the user-manual button). */
export function MenuButton({ label, icon, items, className }: { label: string; icon: ReactNode; items: MenuLink[]; className?: string }) {
  return (
    <MenuTrigger>
      <Button aria-label={label} className={className}>{icon}</Button>
      <Popover className="menu-popover" placement="top end">
        <Menu className="menu" aria-label={label}>
          {items.map((item) => (
            <MenuItem
              key={item.id}
              id={item.id}
              href={item.href}
              className="menu__item"
              {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
            >
              {item.label}
            </MenuItem>
          ))}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
