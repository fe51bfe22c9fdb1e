import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { routePaths } from '../../../contract/paths';

/** Issue 24: what an address no route matches shows (the server answers it with a 404 status). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="coming-soon not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <nav aria-label={t('notFound.onward')}>
        <ul className="not-found__links">
          <li><Link href={routePaths.home.build()}>{t('notFound.home')}</Link></li>
          <li><Link href={routePaths.insuranceList.build()}>{t('notFound.catalogue')}</Link></li>
          <li><Link href={routePaths.user.build()}>{t('notFound.myInsurances')}</Link></li>
        </ul>
      </nav>
    </section>
  );
}
