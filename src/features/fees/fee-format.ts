/** How fees read in the interface: money, calendar dates, statuses. */
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../platform/format';

/** A calendar date 'YYYY-MM-DD' read as that day wherever the browser is (not as UTC midnight). */
const dayOf = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00`) : date);

export function useFeeFormat() {
  const { i18n } = useTranslation('fees');
  const language = i18n.language;
  return {
    money: (amount: number) => formatMoney(amount, language),
    day: (date: string) => formatDate(dayOf(date), language),
  };
}
