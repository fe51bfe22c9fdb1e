import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../contract/paths';
import { ButtonLink } from '../../ui/button';
import { hideBrokenImage } from './hide-broken-image';

/** The banner: the server's image behind the headline and the "get insured" link to the insurance list. */
export function HeroSection({ image }: { image: string | undefined }) {
  const { t } = useTranslation('home');
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="home-hero__media" data-loading={image ? undefined : true}>
        {image ? (
          // Decorative: the headline beside it says what the page is about.
          <img src={image} alt="" width={1920} height={720} fetchPriority="high" decoding="async" className="home-hero__image" onError={hideBrokenImage} />
        ) : null}
      </div>
      <div className="container home-hero__content">
        <p className="home-hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="home-hero-title" className="home-hero__title">{t('hero.title')}</h1>
        <p className="home-hero__lead">{t('hero.lead')}</p>
        <div className="home-hero__actions">
          <ButtonLink href={routePaths.insuranceList.build()} variant="accent" className="home-hero__cta">
            {t('hero.cta')}
          </ButtonLink>
        </div>
      </div>
    </section>
  );
}
