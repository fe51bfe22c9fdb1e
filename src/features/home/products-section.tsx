import { useTranslation } from 'react-i18next';
import type { ProductCard } from '../../../contract/home.schema';
import { routePaths } from '../../../contract/paths';
import { ButtonLink } from '../../ui/button';
import { Carousel } from '../../ui/carousel';
import { hideBrokenImage } from './hide-broken-image';

function ProductCardView({ product }: { product: ProductCard }) {
  const { t } = useTranslation('home');
  return (
    <article className="product-card">
      <div className="product-card__media">
        <img src={product.image} alt="" width={480} height={300} loading="lazy" decoding="async" className="product-card__image" onError={hideBrokenImage} />
      </div>
      <div className="product-card__body">
        <p className="product-card__company">{product.company_name}</p>
        <h3 className="product-card__name">{product.name}</h3>
        <ButtonLink
          href={routePaths.insuranceDetail.build({ id: product.id })}
          variant="primary"
          className="product-card__cta"
          aria-label={t('products.ctaFor', { name: product.name })}
        >
          {t('products.cta')}
        </ButtonLink>
      </div>
    </article>
  );
}

/** The product carousel with a link to the full list; absent when there are no products (SPEC 1). */
export function ProductsSection({ products }: { products: readonly ProductCard[] }) {
  const { t } = useTranslation('home');
  if (products.length === 0) return null;
  return (
    <section className="home-section home-products" aria-labelledby="home-products-title">
      <div className="container">
        <div className="home-section__head">
          <div>
            <h2 id="home-products-title" className="home-section__title">{t('products.title')}</h2>
            <p className="home-section__lead">{t('products.lead')}</p>
          </div>
          <ButtonLink href={routePaths.insuranceList.build()} variant="secondary" className="home-products__all">
            {t('products.viewAll')}
          </ButtonLink>
        </div>
        <Carousel
          items={products}
          getKey={(product) => product.id}
          label={t('products.title')}
          renderItem={(product) => <ProductCardView product={product} />}
        />
      </div>
    </section>
  );
}

/** Placeholder cards while the content loads. */
export function ProductsSkeleton() {
  return (
    <div className="home-section home-products" aria-hidden="true">
      <div className="container">
        <div className="home-section__head">
          <div className="skeleton skeleton--heading" />
        </div>
        <div className="home-products__skeleton">
          {[0, 1, 2].map((index) => (
            <div key={index} className="product-card product-card--skeleton">
              <div className="skeleton product-card__media" />
              <div className="product-card__body">
                <span className="skeleton skeleton--text skeleton--short" />
                <span className="skeleton skeleton--text" />
                <span className="skeleton skeleton--button" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
