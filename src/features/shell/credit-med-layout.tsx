import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectSession, useAuthSelector } from '../../platform/auth-context';
import UserLayout from './user-layout';

/**
 * The Credit Med layout (SPEC 2): the user layout, whose pages are shown only to users the server marks
 * eligible (the eligibility the session loaded with the profile). Anyone else gets the 'not eligible'
 * message on every /credit-med route, a deep link included, instead of the page.
 */
export default function CreditMedLayout({ children }: { children: ReactNode }) {
  const session = useAuthSelector(selectSession);
  return <UserLayout>{session && !session.isEligible ? <NotEligible /> : children}</UserLayout>;
}

function NotEligible() {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <section className="credit-med-not-eligible">
      <h1>{t('titles.creditMed')}</h1>
      <p className="notice notice--error" role="alert">{t('errors:creditMedNotEligible')}</p>
    </section>
  );
}
