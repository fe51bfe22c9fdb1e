import { useTranslation } from 'react-i18next';
import type { ClaimOutcome, ClaimStage } from '../../../contract/claim.schema';
import { formatDate, formatMoney } from '../../app/format';

/** A calendar date 'YYYY-MM-DD' read as that day wherever the browser is (not as UTC midnight). */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00` : date);

/** Money and dates of the claim pages in the current language. */
export function useClaimFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    money: (amount: number) => formatMoney(amount, language),
    day: (date: string) => formatDate(dayOf(date), language),
    megabytes: (bytes: number) => new Intl.NumberFormat(language === 'en' ? 'en-US' : 'mn-MN', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / (1024 * 1024)),
  };
}

/** The one state word of a claim: not sent, received, under review, or how it was resolved. */
export const claimStateOf = (claim: { status: 'draft' | 'sent'; stage: ClaimStage | null; outcome: ClaimOutcome | null }): string =>
  claim.status === 'draft' ? 'draft' : claim.stage === 'resolved' ? (claim.outcome ?? 'paid') : (claim.stage ?? 'received');
