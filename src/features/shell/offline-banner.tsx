import { useTranslation } from 'react-i18next';
import { useOnline } from '../../platform/online';

/**
 * Issue 24: says once, at the top, that the connection is gone. The live region is always there
 * (empty while online), so screen readers announce the message when it appears, politely.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className={online ? 'offline-banner offline-banner--hidden' : 'offline-banner'} role="status" aria-live="polite">
      {online ? null : <p className="container offline-banner__text">{t('offline.banner')}</p>}
    </div>
  );
}
