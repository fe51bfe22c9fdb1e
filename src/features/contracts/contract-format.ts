/** How a policy's values read in the interface: status, fee per period, dates, relationships. */
import { useTranslation } from 'react-i18next';
import { RELATIONSHIPS, type FeeFrequency } from '../../../contract/insurance.schema';
import { formatDate, formatMoney } from '../../platform/format';

/** A calendar date 'YYYY-MM-DD' read as that day wherever the browser is (not as UTC midnight). */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00`) : date);

/** Formatters in the current language for the contract pages. */
export function useContractFormat() {
  const { t, i18n } = useTranslation('contracts');
  const language = i18n.language;
  return {
    money: (amount: number) => formatMoney(amount, language),
    day: (date: string) => formatDate(dayOf(date), language),
    period: (start: string, end: string) => `${formatDate(dayOf(start), language)} – ${formatDate(dayOf(end), language)}`,
    fee: (amount: number, frequency: FeeFrequency) => t(`fee.${frequency}`, { amount: formatMoney(amount, language) }),
    /** SPEC 3: relationship names in the current language; an unknown value shows as given. */
    relationship: (value: number) => {
      const name = (RELATIONSHIPS as Record<number, string | undefined>)[value];
      return name ? t(`relationships.${name}`) : String(value);
    },
    /** A known payment method's name, else the method as the server gives it. */
    method: (method: string) => t(`methods.${method}`, { defaultValue: method }),
  };
}
