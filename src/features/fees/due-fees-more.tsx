/**
 * The notice above the due fees when GET /api/fees/due/ lists only some of them (`more`): how many
 * more are due, the totals over all of them, and where to pay the rest. Renders what it is given.
 */
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { routePaths } from '../../../contract/paths';
import type { DueFeesSummary } from './fee-actors';
import { useFeeFormat } from './fee-format';

export function DueFeesMore({ summary }: { summary: DueFeesSummary }) {
  const { t } = useTranslation('fees');
  const format = useFeeFormat();
  if (!summary.more) return null;
  return (
    <section className="notice fee-more" aria-labelledby="fee-more-title" data-testid="fee-more">
      <h2 id="fee-more-title" className="fee-more__title">{t('more.title', { count: summary.total.count - summary.shown })}</h2>
      <p>
        {t('more.totals', { count: summary.total.count, amount: format.money(summary.total.amount), overdue: summary.total.overdue })}{' '}
        {t('more.what', { count: summary.shown })}
      </p>
      <p>
        <Link href={routePaths.contracts.build()}>{t('more.policies')}</Link>
      </p>
    </section>
  );
}
