import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { contact } from '../../platform/config';
import { routePaths } from '../../../contract/paths';
import { Logo } from './logo';

/** The public footer of SPEC 1: links, contacts, copyright and two social networks. */
export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <Logo inverse />
          <p className="site-footer__about">{t('footer.about')}</p>
        </div>
        <nav aria-label={t('footer.linksTitle')}>
          <h2 className="site-footer__heading">{t('footer.linksTitle')}</h2>
          <ul className="site-footer__list">
            <li><Link href={routePaths.home.build()}>{t('nav.home')}</Link></li>
            <li><Link href={routePaths.insuranceList.build()}>{t('nav.onlineInsurance')}</Link></li>
            <li><a href={`${routePaths.home.build()}#fee`}>{t('nav.premium')}</a></li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{t('footer.contactTitle')}</h2>
          <ul className="site-footer__list">
            <li>{t('footer.phone')}: <a href={contact.phoneHref}>{contact.phone}</a></li>
            <li>{t('footer.email')}: <a href={`mailto:${contact.email}`}>{contact.email}</a></li>
            <li>{t('footer.address')}: {t('footer.addressValue')}</li>
          </ul>
        </div>
        <div>
          <h2 className="site-footer__heading">{t('footer.followTitle')}</h2>
          <ul className="site-footer__list site-footer__social">
            <li><a href={contact.facebook} target="_blank" rel="noopener noreferrer">Facebook</a></li>
            <li><a href={contact.instagram} target="_blank" rel="noopener noreferrer">Instagram</a></li>
          </ul>
        </div>
      </div>
      <div className="container site-footer__copyright">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
}
