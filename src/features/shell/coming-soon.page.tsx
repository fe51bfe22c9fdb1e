import { useTranslation } from 'react-i18next';
import { routePaths } from '../../../contract/paths';
import { ButtonLink } from '../../ui/button';

/** Placeholder for pages a later release builds: routing, access and titles already work. */
export default function ComingSoonPage() {
  const { t } = useTranslation();
  return (
    <section className="coming-soon">
      <h1>{t('comingSoon.title')}</h1>
      <p>{t('comingSoon.text')}</p>
      <ButtonLink href={routePaths.home.build()} variant="secondary">{t('comingSoon.back')}</ButtonLink>
    </section>
  );
}
