/**
 * A savings policy's growth (issue 24 item 14): the projected value at maturity, a bar chart of the
 * savings year by year (paid in, and the interest on top; the years still to come drawn lighter as a
 * projection) and the same figures as a table — the chart is a picture of the table, which is what a
 * screen reader reads. Plain SVG: no chart library for one chart.
 */
import { useTranslation } from 'react-i18next';
import type { SavingsPoint } from '../../../contract/insurance.schema';
import { TableRegion } from './table-region';
import { useContractFormat } from './contract-format';

const WIDTH = 640;
const HEIGHT = 220;
const AXIS = 2;
const TOP = 8;

function Chart({ points }: { points: readonly SavingsPoint[] }) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const slot = WIDTH / points.length;
  const bar = Math.max(4, Math.min(40, slot * 0.6));
  const scale = (amount: number) => ((HEIGHT - AXIS - TOP) * amount) / max;
  return (
    <div className="savings-chart" aria-hidden="true">
      <svg className="savings-chart__bars" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} focusable="false" preserveAspectRatio="none">
        <line className="savings-chart__axis" x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} />
        {points.map((point, index) => {
          const x = slot * index + (slot - bar) / 2;
          const paid = scale(point.paid_in);
          const interest = scale(Math.max(0, point.value - point.paid_in));
          const base = HEIGHT - AXIS;
          const tone = point.projected ? ' savings-chart__bar--projected' : '';
          return (
            <g key={point.date}>
              <rect className={`savings-chart__bar savings-chart__bar--paid${tone}`} x={x} width={bar} y={base - paid} height={paid} />
              <rect className={`savings-chart__bar savings-chart__bar--interest${tone}`} x={x} width={bar} y={base - paid - interest} height={interest} />
            </g>
          );
        })}
      </svg>
      {/* The years in HTML, so that the text keeps its size whatever the chart's width (below 520 px every other one, counted from the last). */}
      <ol className="savings-chart__years">
        {points.map((point) => (
          <li key={point.date}>{point.date.slice(0, 4)}</li>
        ))}
      </ol>
    </div>
  );
}

export function SavingsGrowth({ points }: { points: readonly SavingsPoint[] }) {
  const { t } = useTranslation('contracts');
  const format = useContractFormat();
  const maturity = points[points.length - 1];
  if (!maturity) return null;
  return (
    <section className="contract-section" aria-labelledby="contract-savings">
      <h2 id="contract-savings">{t('savings.title')}</h2>
      <p className="savings-maturity">
        {t('savings.atMaturity', { date: format.day(maturity.date) })} <strong>{format.money(maturity.value)}</strong>
      </p>
      <p className="savings-note">{t('savings.note')}</p>
      <figure className="savings-figure">
        <Chart points={points} />
        <figcaption className="savings-legend">
          <span className="savings-legend__item savings-legend__item--paid">{t('savings.paidIn')}</span>
          <span className="savings-legend__item savings-legend__item--interest">{t('savings.interest')}</span>
          <span className="savings-legend__item savings-legend__item--projected">{t('savings.projected')}</span>
        </figcaption>
      </figure>
      <details className="contract-details">
        <summary>{t('savings.showTable')}</summary>
        <TableRegion label={t('savings.table')}>
          <table className="contract-table">
            <thead>
              <tr>
                <th scope="col">{t('savings.date')}</th>
                <th scope="col" className="contract-table__number">{t('savings.paidIn')}</th>
                <th scope="col" className="contract-table__number">{t('savings.interest')}</th>
                <th scope="col" className="contract-table__number">{t('savings.value')}</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date}>
                  <th scope="row">
                    {format.day(point.date)}
                    {point.projected ? <span className="contract-table__reference">{t('savings.projected')}</span> : null}
                  </th>
                  <td className="contract-table__number">{format.money(point.paid_in)}</td>
                  <td className="contract-table__number">{format.money(Math.max(0, point.value - point.paid_in))}</td>
                  <td className="contract-table__number">{format.money(point.value)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </details>
    </section>
  );
}
