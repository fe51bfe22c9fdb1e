import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { MENU_COLLAPSE_WIDTH } from '../../platform/config';
import { routePaths } from '../../../contract/paths';
import { useUnreadCount } from '../../shared/notifications-live';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';

const icon = (d: string) => (
  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" className="side-menu__icon">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

const icons = {
  contracts: icon('M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6'),
  claim: icon('M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7zM9 12l2 2 4-4'),
  feedback: icon('M4 5h16v11H8l-4 4zM8 9h8M8 12h5'),
  notifications: icon('M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0'),
  settings: icon('M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM19 12l2-1-1-3-2 .3-1.5-1.5.3-2-3-1-1 2h-2l-1-2-3 1 .3 2L5 8.3 3 8l-1 3 2 1v0l-2 1 1 3 2-.3 1.5 1.5-.3 2 3 1 1-2h2l1 2 3-1-.3-2 1.5-1.5 2 .3 1-3z'),
  creditMed: icon('M3 7h18v10H3zM3 11h18M7 15h3'),
  logout: icon('M15 4h4v16h-4M10 8l-4 4 4 4M6 12h10'),
};

interface Item {
  id: string;
  href: string;
  label: string;
  icon: ReactNode;
  isActive: (location: string) => boolean;
}

/**
 * The user area's side menu (SPEC 2); below 992 px it collapses into a sticky top bar (logo, `help`,
 * the menu toggle) and collapses again after an item is chosen.
 */
export function SideMenu({ name, isEligible, onLogout, help }: { name: string; isEligible: boolean; onLogout: () => void; help?: ReactNode }) {
  const { t } = useTranslation('user');
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  // Issue 14: the unread notifications, live (src/shared/notifications-live.ts). The link keeps its name;
  // the count is its description (the digits on the badge are for the eye).
  const unread = useUnreadCount() ?? 0;
  const badge = unread > 0 ? <span className="side-menu__badge" aria-hidden="true">{unread > 99 ? '99+' : unread}</span> : null;
  const collapse = () => {
    if (window.innerWidth < MENU_COLLAPSE_WIDTH) setOpen(false);
  };
  const items: Item[] = [
    { id: 'contracts', href: routePaths.contracts.build(), label: t('menu.myInsurances'), icon: icons.contracts, isActive: (l) => l.startsWith(routePaths.contracts.build()) },
    { id: 'claim', href: routePaths.claim.build(), label: t('menu.claim'), icon: icons.claim, isActive: (l) => l.startsWith(routePaths.claim.build()) },
    { id: 'feedback', href: routePaths.feedback.build(), label: t('menu.feedback'), icon: icons.feedback, isActive: (l) => l.startsWith(routePaths.feedback.build()) },
    { id: 'notifications', href: routePaths.notifications.build(), label: t('menu.notifications'), icon: icons.notifications, isActive: (l) => l.startsWith(routePaths.notifications.build()) },
    { id: 'settings', href: routePaths.settings.build(), label: t('menu.settings'), icon: icons.settings, isActive: (l) => l.startsWith(routePaths.settings.build()) },
    ...(isEligible
      ? [{ id: 'credit-med', href: routePaths.creditMed.build(), label: t('menu.creditMed'), icon: icons.creditMed, isActive: (l: string) => l.startsWith(routePaths.creditMed.build()) }]
      : []),
  ];
  return (
    <aside className={open ? 'side-menu side-menu--open' : 'side-menu'}>
      <div className="side-menu__top">
        <Logo inverse />
        {help}
        <button
          type="button"
          className="side-menu__toggle"
          aria-expanded={open}
          aria-controls="side-menu-nav"
          aria-describedby={badge && !open ? 'side-menu-unread' : undefined}
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('menu.toggle')}</span>
          {open ? null : badge}
        </button>
      </div>
      <div id="side-menu-nav" className="side-menu__body">
        <div className="side-menu__user">
          <span className="side-menu__avatar" aria-hidden="true">
            <svg viewBox="0 0 24 24" width="28" height="28"><circle cx="12" cy="9" r="4" fill="currentColor" /><path d="M4 21c1-4.5 4.5-6.5 8-6.5s7 2 8 6.5" fill="currentColor" /></svg>
          </span>
          <span className="side-menu__name">{name}</span>
          <LanguageToggle />
        </div>
        <nav aria-label={t('menu.label')}>
          <ul className="side-menu__list">
            {items.map((item) => (
              <li key={item.id}>
                <Link
                  href={item.href}
                  className="side-menu__link"
                  onClick={collapse}
                  aria-describedby={item.id === 'notifications' && badge ? 'side-menu-unread' : undefined}
                  {...(item.isActive(location) ? { 'aria-current': 'page' as const } : {})}
                >
                  {item.icon}
                  {item.label}
                  {item.id === 'notifications' ? badge : null}
                </Link>
                {item.id === 'notifications' && badge ? <span id="side-menu-unread" hidden>{t('menu.unread', { count: unread })}</span> : null}
              </li>
            ))}
            <li>
              <button
                type="button"
                className="side-menu__link side-menu__logout"
                onClick={() => {
                  collapse();
                  onLogout();
                }}
              >
                {icons.logout}
                {t('menu.logout')}
              </button>
            </li>
          </ul>
        </nav>
      </div>
    </aside>
  );
}
