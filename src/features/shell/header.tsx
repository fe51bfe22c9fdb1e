import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { routePaths } from '../../../contract/paths';
import { ButtonLink } from '../../ui/button';
import { selectStatus, useAuthSelector } from '../../platform/auth-context';
import { HelpSlot } from '../../shared/help/help-slot';
import { LanguageToggle } from './language-toggle';
import { Logo } from './logo';

/** The public header of SPEC 2: home, online insurance, premium (#fee; /fee when signed in), flag, then my insurances or login. */
export function Header() {
  const { t } = useTranslation();
  const [location] = useLocation();
  const status = useAuthSelector(selectStatus);
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  const current = (active: boolean) => (active ? { 'aria-current': 'page' as const } : {});
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <HelpSlot />
        <button
          type="button"
          className="site-header__toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((value) => !value)}
        >
          <span aria-hidden="true">☰</span>
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
        <nav id="site-nav" className={open ? 'site-nav site-nav--open' : 'site-nav'} aria-label={t('nav.main')}>
          <Link href={routePaths.home.build()} className="site-nav__link" onClick={close} {...current(location === '/')}>
            {t('nav.home')}
          </Link>
          <Link href={routePaths.insuranceList.build()} className="site-nav__link" onClick={close} {...current(location.startsWith(routePaths.insuranceList.build()))}>
            {t('nav.onlineInsurance')}
          </Link>
          {status === 'signedIn' ? (
            // A signed-in customer's premiums are their own policies' (/fee); visitors find the home page's form.
            <Link href={routePaths.fee.build()} className="site-nav__link" onClick={close} {...current(location === routePaths.fee.build())}>
              {t('nav.premium')}
            </Link>
          ) : (
            <a href={`${routePaths.home.build()}#fee`} className="site-nav__link" onClick={close}>
              {t('nav.premium')}
            </a>
          )}
          <LanguageToggle />
          {status === 'signedIn' ? (
            <ButtonLink href={routePaths.contracts.build()} variant="accent">{t('nav.myInsurances')}</ButtonLink>
          ) : (
            <ButtonLink href={routePaths.login.build()} variant="secondary">{t('nav.login')}</ButtonLink>
          )}
        </nav>
      </div>
    </header>
  );
}
