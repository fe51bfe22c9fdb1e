import { useTranslation } from 'react-i18next';
import type { FeeStatus } from '../../../contract/fee.schema';

/** A fee's status as a coloured label. */
export function FeeStatusBadge({ status }: { status: FeeStatus }) {
  const { t } = useTranslation('fees');
  return <span className={`fee-badge fee-badge--${status}`}>{t(`status.${status}`)}</span>;
}
