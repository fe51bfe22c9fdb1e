import { useTranslation } from 'react-i18next';
import { getProducts, sentProducts } from '../../api/insurance.api';
import type { ProductSummary } from '../../../contract/insurance.schema';
import { useMessage } from '../../app/messages';
import { paths } from '../../app/paths';
import { useResource } from '../../flows/use-resource';
import { Button, ButtonLink } from '../../ui/button';
import { ContinuePurchase } from './continue-purchase';
import './insurance.css';

function ProductCard({ product }: { product: ProductSummary }) {
  const { t } = useTranslation('insurance');
  return (
    <li className="catalogue-card">
      <div className="catalogue-card__media">
        <img src={product.image} alt="" width={480} height={300} loading="lazy" decoding="async" className="catalogue-card__image" />
        <span className={`catalogue-card__badge catalogue-card__badge--${product.category}`}>{t(`category.${product.category}`)}</span>
      </div>
      <div className="catalogue-card__body">
        <p className="catalogue-card__company">{product.company_name}</p>
        <h2 className="catalogue-card__name">{product.name}</h2>
        <p className="catalogue-card__summary">{product.summary}</p>
        <ButtonLink href={paths.insuranceDetail(product.id)} className="catalogue-card__cta" aria-label={t('list.ctaFor', { name: product.name })}>
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

/** /insurance/: every product on sale (name, company, image, a one-line summary, "get insured"). */
export default function InsuranceListPage() {
  const { t, i18n } = useTranslation('insurance');
  const text = useMessage();
  const catalogue = useResource(getProducts, i18n.language, sentProducts);
  const products = catalogue.data?.products;
  const nameOf = (id: number) => products?.find((product) => product.id === id)?.name;

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
        {products && products.length === 0 ? (
          <div className="catalogue__empty">
            <h2 className="catalogue__empty-title">{t('list.emptyTitle')}</h2>
            <p>{t('list.emptyText')}</p>
            <ButtonLink href={paths.home()} variant="secondary">{t('list.backHome')}</ButtonLink>
          </div>
        ) : null}
        {products && products.length > 0 ? (
          <ul className="catalogue__grid" aria-label={t('list.productsLabel')}>
            {products.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}
