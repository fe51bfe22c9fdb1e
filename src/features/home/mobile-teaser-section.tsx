import { useTranslation } from 'react-i18next';
import type { Home } from '../../../contract/home.schema';
import { RichText } from '../../ui/rich-text';
import { hideBrokenImage } from './hide-broken-image';

/** The mobile app teaser: the server's picture and text, and a "coming soon" line. */
export function MobileTeaserSection({ mobile }: { mobile: Home['mobile'] }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-section home-mobile" aria-labelledby="home-mobile-title">
      <div className="container home-mobile__inner">
        <div className="home-mobile__media">
          <img src={mobile.image} alt={t('mobile.imageAlt')} width={520} height={520} loading="lazy" decoding="async" className="home-mobile__image" onError={hideBrokenImage} />
        </div>
        <div className="home-mobile__content">
          <h2 id="home-mobile-title" className="home-section__title">{t('mobile.title')}</h2>
          <RichText html={mobile.text} className="home-mobile__text" />
          <p className="home-mobile__soon">
            <span className="home-mobile__soon-dot" aria-hidden="true" />
            {t('mobile.comingSoon')}
          </p>
        </div>
      </div>
    </section>
  );
}

/** Placeholder for the teaser while the content loads. */
export function MobileTeaserSkeleton() {
  return (
    <div className="home-section home-mobile" aria-hidden="true">
      <div className="container home-mobile__inner">
        <div className="home-mobile__media">
          <div className="skeleton home-mobile__image-skeleton" />
        </div>
        <div className="home-mobile__content">
          <span className="skeleton skeleton--heading" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text" />
          <span className="skeleton skeleton--text skeleton--short" />
        </div>
      </div>
    </div>
  );
}
