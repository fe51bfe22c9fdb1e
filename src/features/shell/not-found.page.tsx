import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../../app/paths';

/** Issue 24: what an address no route matches shows (the server answers it with a 404 status). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="coming-soon not-found" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <nav aria-label={t('notFound.onward')}>
        <ul className="not-found__links">
          <li><Link href={paths.home()}>{t('notFound.home')}</Link></li>
          <li><Link href={paths.insuranceList()}>{t('notFound.catalogue')}</Link></li>
          <li><Link href={paths.user()}>{t('notFound.myInsurances')}</Link></li>
        </ul>
      </nav>
    </section>
  );
}
