import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { InfoBox } from '../../../contract/home.schema';
import { safeLink } from '../../ui/sanitize-html';
import { hideBrokenImage } from './hide-broken-image';

/** The title of a box as a link: in-app paths route client-side, other sites open in a new tab. */
function BoxTitleLink({ box }: { box: InfoBox }) {
  const link = safeLink(box.url);
  if (!link) return <>{box.title}</>;
  if (link.external) {
    return (
      <a href={link.href} target="_blank" rel="noopener noreferrer" className="home-box__link">
        {box.title}
      </a>
    );
  }
  if (link.href.startsWith('/')) {
    return <Link href={link.href} className="home-box__link">{box.title}</Link>;
  }
  return <a href={link.href} className="home-box__link">{box.title}</a>;
}

/** Key facts from the server: an icon, a large figure, a linked title and a line of text each. */
export function InfoBoxesSection({ boxes }: { boxes: readonly InfoBox[] }) {
  const { t } = useTranslation('home');
  if (boxes.length === 0) return null;
  return (
    <section className="home-boxes" aria-labelledby="home-boxes-title">
      <div className="container">
        <h2 id="home-boxes-title" className="visually-hidden">{t('boxes.title')}</h2>
        <ul className="home-boxes__list">
          {boxes.map((box, index) => (
            <li key={`${index}-${box.title}`} className="home-box">
              <img src={box.image} alt="" width={56} height={56} decoding="async" className="home-box__icon" onError={hideBrokenImage} />
              <p className="home-box__count">{box.count}</p>
              <h3 className="home-box__title">
                <BoxTitleLink box={box} />
              </h3>
              <p className="home-box__text">{box.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Placeholder boxes while the content loads, the same size as the real ones. */
export function InfoBoxesSkeleton() {
  return (
    <div className="home-boxes" aria-hidden="true">
      <div className="container">
        <ul className="home-boxes__list">
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className="home-box home-box--skeleton">
              <span className="skeleton home-box__icon" />
              <span className="skeleton skeleton--text home-box__count-skeleton" />
              <span className="skeleton skeleton--text" />
              <span className="skeleton skeleton--text skeleton--short" />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
