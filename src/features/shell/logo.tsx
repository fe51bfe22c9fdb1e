import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { routePaths } from '../../../contract/paths';

/** The insurer's logo linking home. */
export function Logo({ inverse = false }: { inverse?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link href={routePaths.home.build()} className={inverse ? 'logo logo--inverse' : 'logo'} aria-label={t('nav.homeLabel')}>
      <svg viewBox="0 0 40 40" width="36" height="36" aria-hidden="true">
        <circle cx="20" cy="20" r="19" fill={inverse ? "rgb(255 255 255 / 16%)" : "#0d3b84"} />
        <circle cx="20" cy="17" r="7" fill="#f2a516" />
        <path d="M8 29c4-4 8-5 12-5s8 1 12 5" stroke="#fff" strokeWidth="2.5" fill="none" strokeLinecap="round" />
      </svg>
      <span className="logo__name">{t('site.name')}</span>
    </Link>
  );
}
