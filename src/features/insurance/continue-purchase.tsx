import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from '../../../machines/auth.machine';
import { ButtonLink } from '../../ui/button';
import { selectSession, selectStatus, useAuthSelector } from '../auth/auth-context';
import { buyFlowUserKey, GUEST_USER_KEY, readStoredPurchase } from '../buy/buy-storage';

const selectUserKey = (snapshot: SnapshotFrom<typeof authMachine>): string | null => {
  const status = selectStatus(snapshot);
  if (status === 'signedOut') return GUEST_USER_KEY;
  const session = selectSession(snapshot);
  return status === 'signedIn' && session ? buyFlowUserKey(session.profile.partner_id) : null;
};

/**
 * "Continue your purchase" when this browser holds an unfinished one (a closed tab, a walk away):
 * on the catalogue, and on a product page (`productId`: only for a purchase of that product).
 * `productName` names it in the current language when the page knows it.
 */
export function ContinuePurchase({ productId, productName }: { productId?: number; productName?: (id: number) => string | undefined }) {
  const { t } = useTranslation('insurance');
  const userKey = useAuthSelector(selectUserKey);
  const purchase = useMemo(() => {
    if (userKey === null) return null;
    // A visitor's purchase is still theirs after signing in.
    return readStoredPurchase(userKey) ?? (userKey === GUEST_USER_KEY ? null : readStoredPurchase(GUEST_USER_KEY));
  }, [userKey]);
  if (!purchase || (productId !== undefined && purchase.productId !== productId)) return null;
  const name = productName?.(purchase.productId) ?? purchase.productName;
  return (
    <section className="resume-purchase" aria-labelledby="resume-purchase-title">
      <div>
        <h2 id="resume-purchase-title" className="resume-purchase__title">{t('resume.title')}</h2>
        <p className="resume-purchase__text">{name ? t('resume.text', { name }) : t('resume.textPlain')}</p>
      </div>
      <ButtonLink href={purchase.path} variant="accent" className="resume-purchase__cta">{t('resume.continue')}</ButtonLink>
    </section>
  );
}
