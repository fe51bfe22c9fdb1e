import { useTranslation } from 'react-i18next';
import { useMessage } from '../../platform/messages';
import { getHome, sentHome } from '../../api/home.api';
import { useResource } from '../../flows/use-resource';
import { Button } from '../../ui/button';
import { FeeTeaserSection } from './fee-teaser-section';
import { HeroSection } from './hero-section';
import { InfoBoxesSection, InfoBoxesSkeleton } from './info-boxes-section';
import { MobileTeaserSection, MobileTeaserSkeleton } from './mobile-teaser-section';
import { ProductsSection, ProductsSkeleton } from './products-section';
import './home.css';

/**
 * The public home page (SPEC 1): banner, info boxes, product carousel, premium teaser and mobile
 * teaser. The server content is reloaded in the new language after a switch while the old content
 * stays on screen; the premium teaser needs no server data and is always there (the header links to
 * it as /#fee).
 */
export default function HomePage() {
  const { t, i18n } = useTranslation('home');
  const text = useMessage();
  const home = useResource(getHome, i18n.language, sentHome);
  const { data } = home;
  const isFirstLoad = home.status === 'loading' && !data;

  return (
    <div className="home" aria-busy={home.status === 'loading'}>
      <HeroSection image={data?.image} />

      {isFirstLoad ? (
        <p role="status" className="visually-hidden">{t('loading')}</p>
      ) : null}

      {home.status === 'failed' ? (
        <div className="container home-error">
          <div role="alert" className="home-error__box">
            <div className="home-error__text">
              <p className="home-error__title">{t('error.title')}</p>
              {home.error ? <p className="home-error__detail">{text(home.error)}</p> : null}
            </div>
            <Button variant="secondary" onPress={home.retry}>{t('error.retry')}</Button>
          </div>
        </div>
      ) : null}

      {data ? <InfoBoxesSection boxes={data.boxes} /> : isFirstLoad ? <InfoBoxesSkeleton /> : null}
      {data ? <ProductsSection products={data.products} /> : isFirstLoad ? <ProductsSkeleton /> : null}
      <FeeTeaserSection />
      {data ? <MobileTeaserSection mobile={data.mobile} /> : isFirstLoad ? <MobileTeaserSkeleton /> : null}
    </div>
  );
}
