import { useTranslation } from 'react-i18next';
import type { ClaimOutcome, ClaimStage } from '../../../contract/claim.schema';
import { formatDate, formatMoney } from '../../platform/format';
import { localeOf } from '../../platform/i18n';

const KIB = 1024;
const MIB = 1024 * 1024;

/** A calendar date 'YYYY-MM-DD' read as that day wherever the browser is (not as UTC midnight). */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T12:00:00` : date);

/** Money and dates of the claim pages in the current language. */
export function useClaimFormat() {
  const { t, i18n } = useTranslation('claims');
  const language = i18n.language;
  const locale = localeOf(language);
  return {
    money: (amount: number) => formatMoney(amount, language),
    day: (date: string) => formatDate(dayOf(date), language),
    /** A file's size in the language's unit: whole KB under 1 MB ("12 КБ"), else MB with one decimal ("1.5 МБ"). */
    fileSize: (bytes: number) =>
      bytes < MIB
        ? t('wizard.documents.sizeKb', { size: new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(bytes / KIB))) })
        : t('wizard.documents.sizeMb', { size: new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(bytes / MIB) }),
  };
}

/** The one state word of a claim: not sent, received, under review, or how it was resolved. */
export const claimStateOf = (claim: { status: 'draft' | 'sent'; stage: ClaimStage | null; outcome: ClaimOutcome | null }): string =>
  claim.status === 'draft' ? 'draft' : claim.stage === 'resolved' ? (claim.outcome ?? 'paid') : (claim.stage ?? 'received');
