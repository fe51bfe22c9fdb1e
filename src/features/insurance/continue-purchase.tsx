import { useTranslation } from 'react-i18next';
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from '../../../machines/auth.machine';
import { ButtonLink } from '../../ui/button';
import { selectSession, selectStatus, useAuthSelector } from '../../platform/auth-context';
import { GUEST, userKeyOf } from '../../flows/persistence';
import { useStoredPurchase } from '../../shared/purchase';

const selectUserKey = (snapshot: SnapshotFrom<typeof authMachine>): string | null => {
  const status = selectStatus(snapshot);
  if (status === 'signedOut') return GUEST;
  const session = selectSession(snapshot);
  return status === 'signedIn' && session ? userKeyOf(session.profile.partner_id) : null;
};

/**
 * "Continue your purchase" when this browser holds an unfinished one (a closed tab, a walk away):
 * on the catalogue, and on a product page (`productId`: only for a purchase of that product).
 * `productName` names it in the current language when the page knows it.
 */
export function ContinuePurchase({ productId, productName }: { productId?: number; productName?: (id: number) => string | undefined }) {
  const { t } = useTranslation('insurance');
  const userKey = useAuthSelector(selectUserKey);
  const purchase = useStoredPurchase(userKey);
  if (!purchase || (productId !== undefined && purchase.productId !== productId)) return null;
  const name = productName?.(purchase.productId);
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
