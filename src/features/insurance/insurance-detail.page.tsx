import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { getProduct } from '../../api/insurance.api';
import type { ProductDetail } from '../../../contract/insurance.schema';
import { errorKeys } from '../../../contract/error.schema';
import { formatMoney } from '../../platform/format';
import { useMessage } from '../../platform/messages';
import { usePageDescription } from '../../platform/page-meta';
import { routePaths } from '../../../contract/paths';
import { useResource } from '../../flows/use-resource';
import { Button, ButtonLink } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { ContinuePurchase } from './continue-purchase';
import './insurance.css';

function Facts({ product }: { product: ProductDetail }) {
  const { t, i18n } = useTranslation('insurance');
  const money = (amount: number) => formatMoney(amount, i18n.language);
  const { plan } = product;
  return (
    <aside className="product-facts" aria-labelledby="product-facts-title">
      <h2 id="product-facts-title" className="product-facts__title">{t('detail.facts')}</h2>
      <dl className="product-facts__list">
        <div>
          <dt>{t('detail.age')}</dt>
          <dd>{t('detail.ageValue', { min: product.age.min, max: product.age.max })}</dd>
        </div>
        {plan.sum_insured ? (
          <div>
            <dt>{t('detail.sumInsured')}</dt>
            <dd>{t('detail.range', { min: money(plan.sum_insured.min), max: money(plan.sum_insured.max) })}</dd>
          </div>
        ) : null}
        {plan.fee ? (
          <div>
            <dt>{t('detail.fee')}</dt>
            <dd>{t('detail.feeFrom', { min: money(plan.fee.min), recommended: money(plan.fee.recommended) })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('detail.termsYears')}</dt>
          <dd>{plan.terms_years.map((years) => t('years', { count: years })).join(', ')}</dd>
        </div>
        <div>
          <dt>{t('detail.frequencies')}</dt>
          <dd>{plan.frequencies.map((frequency) => t(`frequency.${frequency}`)).join(', ')}</dd>
        </div>
        {product.interest_rate !== null ? (
          <div>
            <dt>{t('detail.interest')}</dt>
            <dd>{t('detail.interestValue', { rate: product.interest_rate })}</dd>
          </div>
        ) : null}
      </dl>
      <ButtonLink href={routePaths.buyNew.build({ productId: product.id })} variant="accent" className="product-facts__cta" aria-label={t('detail.buyFor', { name: product.name })}>
        {t('detail.buy')}
      </ButtonLink>
    </aside>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const { t, i18n } = useTranslation('insurance');
  // Issue 24: the product's own line as the page's description, in the language shown.
  usePageDescription(product.summary);
  const paragraphs = product.description.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <>
      <section className="product-hero" aria-labelledby="product-title">
        <div className="container product-hero__inner">
          <div className="product-hero__text">
            <nav aria-label={t('detail.breadcrumb')} className="product-hero__crumbs">
              <Link href={routePaths.insuranceList.build()}>{t('detail.allProducts')}</Link>
            </nav>
            <p className="product-hero__eyebrow">
              <span className={`catalogue-card__badge catalogue-card__badge--${product.category}`}>{t(`category.${product.category}`)}</span>
              <span>{product.company_name}</span>
            </p>
            <h1 id="product-title" className="product-hero__title">{product.name}</h1>
            <p className="product-hero__summary">{product.summary}</p>
            <div className="product-hero__actions">
              <ButtonLink href={routePaths.buyNew.build({ productId: product.id })} variant="accent" className="product-hero__cta" aria-label={t('detail.buyFor', { name: product.name })}>
                {t('detail.buy')}
              </ButtonLink>
              <p className="product-hero__note">{t('detail.buyNote')}</p>
            </div>
          </div>
          <div className="product-hero__media">
            <img src={product.image} alt="" width={480} height={300} className="product-hero__image" />
          </div>
        </div>
      </section>
      <div className="container product-page__body">
        <ContinuePurchase productId={product.id} productName={() => product.name} />
        <div className="product-page__grid">
          <div className="product-page__main">
            <section className="product-section" aria-labelledby="product-about">
              <h2 id="product-about" className="product-section__title">{t('detail.about')}</h2>
              {paragraphs.map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </section>
            <section className="product-section" aria-labelledby="product-covers">
              <h2 id="product-covers" className="product-section__title">{t('detail.covers')}</h2>
              <ul className="product-section__checks">
                {product.covers.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section className="product-section" aria-labelledby="product-audience">
              <h2 id="product-audience" className="product-section__title">{t('detail.audience')}</h2>
              <p>{product.audience}</p>
            </section>
            <section className="product-section" aria-labelledby="product-terms">
              <h2 id="product-terms" className="product-section__title">{t('detail.terms')}</h2>
              <ul className="product-section__list">
                {product.terms.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            {product.example_fees.length > 0 ? (
              <section className="product-section" aria-labelledby="product-fees">
                <h2 id="product-fees" className="product-section__title">{t('detail.exampleFees')}</h2>
                <table className="product-fees">
                  <tbody>
                    {product.example_fees.map((fee) => (
                      <tr key={fee.label}>
                        <th scope="row">{fee.label}</th>
                        <td>{formatMoney(fee.amount, i18n.language)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                <p className="product-section__note">{t('detail.exampleFeesNote')}</p>
              </section>
            ) : null}
          </div>
          <Facts product={product} />
        </div>
      </div>
    </>
  );
}

function ProductPage({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation('insurance');
  const text = useMessage();
  const load = useCallback(() => getProduct(productId), [productId]);
  const product = useResource(load, i18n.language);
  const notFound = product.status === 'failed' && product.error?.key === errorKeys.notFound;

  return (
    <div className="product-page" aria-busy={product.status === 'loading'}>
      {product.data ? <ProductView product={product.data} /> : null}
      {!product.data && product.status === 'loading' ? <Spinner label={t('detail.loading')} /> : null}
      {notFound ? (
        <div className="container catalogue__empty">
          <h1 className="catalogue__empty-title">{t('detail.notFoundTitle')}</h1>
          <p>{t('detail.notFoundText')}</p>
          <ButtonLink href={routePaths.insuranceList.build()}>{t('detail.allProducts')}</ButtonLink>
        </div>
      ) : null}
      {product.status === 'failed' && !notFound ? (
        <div className="container">
          {product.data ? null : <h1 className="visually-hidden">{t('detail.error')}</h1>}
          <div role="alert" className="catalogue__error">
            <div>
              <p className="catalogue__error-title">{t('detail.error')}</p>
              {product.error ? <p className="catalogue__error-detail">{text(product.error)}</p> : null}
            </div>
            <Button variant="secondary" onPress={product.retry}>{t('detail.retry')}</Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** /insurance/detail/{id}/: what the product covers, who it is for, its terms and example fees, with "buy". */
export default function InsuranceDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const productId = /^\d+$/.test(id) ? Number(id) : -1;
  // Another product is another page: its data never shows under the previous one.
  return <ProductPage key={productId} productId={productId} />;
}
