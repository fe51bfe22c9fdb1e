import i18next from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CookieConsentActor } from '../../platform/cookie-consent-context';
import { AlertModal } from './alert-modal';
import { OfflineBanner } from './offline-banner';
import './shell.css';

/**
 * The banner, its policy modal and their texts are a chunk of their own, loaded only while the consent
 * machine asks or shows the policy: a visitor who has chosen (most page loads) never loads them. The
 * texts are fetched beside the chunk, not once it has run: on a first visit the banner is often the
 * page's largest element on a phone, and that second round trip was its paint's last wait.
 */
const CookieBanner = lazy(() =>
  Promise.all([import('./cookie-banner'), i18next.loadNamespaces('cookies')]).then(([module]) => ({ default: module.CookieBanner })),
);

function CookieBannerSlot() {
  const needed = CookieConsentActor.useSelector((snapshot) => snapshot.matches({ banner: 'asking' }) || snapshot.matches({ policy: 'open' }));
  return needed ? (
    <Suspense fallback={null}>
      <CookieBanner />
    </Suspense>
  ) : null;
}

/**
 * What every layout has: the cookie banner (first in keyboard order: it asks before anything else;
 * it is drawn at the bottom), the offline banner at the top (issue 24), a skip link, the main landmark
 * and the alert modal.
 */
export function PageChrome({ before, after, children, mainClassName }: { before?: ReactNode; after?: ReactNode; children: ReactNode; mainClassName?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <CookieBannerSlot />
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
