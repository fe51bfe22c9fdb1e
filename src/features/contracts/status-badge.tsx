import { useTranslation } from 'react-i18next';

/** A policy's or a scheduled fee's status as a coloured label. */
export function StatusBadge({ kind, status }: { kind: 'policy' | 'fee'; status: string }) {
  const { t } = useTranslation('contracts');
  return <span className={`status-badge status-badge--${status}`}>{t(`${kind}Status.${status}`, { defaultValue: status })}</span>;
}
