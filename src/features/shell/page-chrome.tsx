import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieBanner } from './cookie-banner';
import { AlertModal } from './alert-modal';
import { OfflineBanner } from './offline-banner';
import './shell.css';

/**
 * What every layout has: the cookie banner (first in keyboard order: it asks before anything else;
 * it is drawn at the bottom), the offline banner at the top (issue 24), a skip link, the main landmark
 * and the alert modal.
 */
export function PageChrome({ before, after, children, mainClassName }: { before?: ReactNode; after?: ReactNode; children: ReactNode; mainClassName?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <CookieBanner />
      <OfflineBanner />
      <a href="#main" className="skip-link">{t('nav.skipToContent')}</a>
      {before}
      <main id="main" tabIndex={-1} className={mainClassName}>
        {children}
      </main>
      {after}
      <AlertModal />
    </>
  );
}
