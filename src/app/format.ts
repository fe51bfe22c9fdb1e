/** Money in MNT and dates in the active locale (STYLE rule 4). */
import { localeOf } from './i18n';

const moneyFormats = new Map<string, Intl.NumberFormat>();

export const formatMoney = (amount: number, language: string) => {
  let format = moneyFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(localeOf(language), { style: 'currency', currency: 'MNT', maximumFractionDigits: 0 });
    moneyFormats.set(language, format);
  }
  return format.format(amount);
};

export const formatDate = (value: string | Date, language: string) =>
  new Intl.DateTimeFormat(localeOf(language), { year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    typeof value === 'string' ? new Date(value) : value,
  );
