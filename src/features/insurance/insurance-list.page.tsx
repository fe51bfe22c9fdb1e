import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { getProducts, sentProducts } from '../../api/insurance.api';
import type { CatalogueItem, ProductCategory } from '../../../contract/insurance.schema';
import { formatMoney } from '../../platform/format';
import { useMessage } from '../../platform/messages';
import { routePaths } from '../../../contract/paths';
import { useResource } from '../../flows/use-resource';
import { Button, ButtonLink } from '../../ui/button';
import { ChoiceChips } from '../../ui/choice-chips';
import { ContinuePurchase } from './continue-purchase';
import './insurance.css';

/**
 * The catalogue's filter by kind (issue 24), kept in the URL as `?kind=`: the words, one per
 * product category ('protection' is the life products).
 */
const KINDS = { protection: 'life', health: 'health', savings: 'savings', pension: 'pension' } as const satisfies Record<string, ProductCategory>;
type Kind = keyof typeof KINDS;
const isKind = (value: string | null): value is Kind => value !== null && Object.hasOwn(KINDS, value);

/** `first`: the first card, whose picture is the list's largest element on a phone (the server preloads it): not lazy. */
function ProductCard({ product, first }: { product: CatalogueItem; first: boolean }) {
  const { t, i18n } = useTranslation('insurance');
  return (
    <li className="catalogue-card">
      <div className="catalogue-card__media">
        <img src={product.image} alt="" width={480} height={300} loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : 'auto'} decoding="async" className="catalogue-card__image" />
        <span className={`catalogue-card__badge catalogue-card__badge--${product.category}`}>{t(`category.${product.category}`)}</span>
      </div>
      <div className="catalogue-card__body">
        <p className="catalogue-card__company">{product.company_name}</p>
        <h2 className="catalogue-card__name">{product.name}</h2>
        <p className="catalogue-card__summary">{product.summary}</p>
        <p className="catalogue-card__price">
          {t(`list.priceFrom.${product.price_from.frequency}`, { amount: formatMoney(product.price_from.amount, i18n.language) })}
        </p>
        <ButtonLink href={routePaths.insuranceDetail.build({ id: product.id })} className="catalogue-card__cta" aria-label={t('list.ctaFor', { name: product.name })}>
          {t('list.cta')}
        </ButtonLink>
      </div>
    </li>
  );
}

function CatalogueSkeleton() {
  return (
    <ul className="catalogue__grid" aria-hidden="true">
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <li key={index} className="catalogue-card catalogue-card--skeleton">
          <div className="catalogue-card__media skeleton" />
          <div className="catalogue-card__body">
            <span className="skeleton skeleton--text skeleton--short" />
            <span className="skeleton skeleton--text" />
            <span className="skeleton skeleton--text" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * /insurance/: every product on sale (name, company, image, a one-line summary, its price from,
 * "get insured"), filtered by kind with `?kind=` (protection, health, savings, pension).
 */
export default function InsuranceListPage() {
  const { t, i18n } = useTranslation('insurance');
  const text = useMessage();
  const catalogue = useResource(getProducts, i18n.language, sentProducts);
  const all = catalogue.data?.products;
  const nameOf = (id: number) => all?.find((product) => product.id === id)?.name;
  const [search, setSearch] = useSearchParams();
  const requested = search.get('kind');
  const kind: Kind | 'all' = isKind(requested) ? requested : 'all';
  const products = kind === 'all' ? all : all?.filter((product) => product.category === KINDS[kind]);
  const choose = (next: string) =>
    setSearch(
      (params) => {
        const updated = new URLSearchParams(params);
        if (isKind(next)) updated.set('kind', next);
        else updated.delete('kind');
        return updated;
      },
      { replace: true },
    );

  return (
    <div className="catalogue" aria-busy={catalogue.status === 'loading'}>
      <header className="catalogue__hero">
        <div className="container">
          <p className="catalogue__eyebrow">{t('list.eyebrow')}</p>
          <h1 className="catalogue__title">{t('list.title')}</h1>
          <p className="catalogue__lead">{t('list.lead')}</p>
        </div>
      </header>
      <div className="container catalogue__body">
        <ContinuePurchase productName={nameOf} />
        {catalogue.status === 'loading' && !products ? (
          <>
            <p role="status" className="visually-hidden">{t('list.loading')}</p>
            <CatalogueSkeleton />
          </>
        ) : null}
        {catalogue.status === 'failed' ? (
          <div role="alert" className="catalogue__error">
            <div>
              <p className="catalogue__error-title">{t('list.error')}</p>
              {catalogue.error ? <p className="catalogue__error-detail">{text(catalogue.error)}</p> : null}
            </div>
            <Button variant="secondary" onPress={catalogue.retry}>{t('list.retry')}</Button>
          </div>
        ) : null}
        {all && all.length > 0 ? (
          <ChoiceChips
            className="catalogue__filter"
            label={t('list.filter.label')}
            value={kind}
            onChange={choose}
            items={[{ id: 'all', label: t('list.filter.all') }, ...(Object.keys(KINDS) as Kind[]).map((id) => ({ id, label: t(`list.filter.${id}`) }))]}
          />
        ) : null}
        {all && all.length === 0 ? (
          <div className="catalogue__empty">
            <h2 className="catalogue__empty-title">{t('list.emptyTitle')}</h2>
            <p>{t('list.emptyText')}</p>
            <ButtonLink href={routePaths.home.build()} variant="secondary">{t('list.backHome')}</ButtonLink>
          </div>
        ) : null}
        {all && all.length > 0 && products?.length === 0 ? (
          <p role="status" className="catalogue__none">{t('list.filter.none')}</p>
        ) : null}
        {all && all.length > 0 ? <p role="status" className="visually-hidden">{t('list.filter.count', { count: products?.length ?? 0 })}</p> : null}
        {products && products.length > 0 ? (
          <ul className="catalogue__grid" aria-label={t('list.productsLabel')}>
            {products.map((product, index) => (
              <ProductCard key={product.id} product={product} first={index === 0} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
