import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../platform/i18n';
import { Button } from '../../ui/button';

function MongoliaFlag() {
  return (
    <svg viewBox="0 0 30 15" width="30" height="15" aria-hidden="true">
      <rect width="30" height="15" fill="#c4272f" />
      <rect x="10" width="10" height="15" fill="#015197" />
      <circle cx="5" cy="5" r="1.6" fill="#f9cf02" />
      <rect x="3.4" y="7.5" width="3.2" height="5" fill="#f9cf02" />
    </svg>
  );
}

function EnglishFlag() {
  return (
    <svg viewBox="0 0 30 15" width="30" height="15" aria-hidden="true">
      <rect width="30" height="15" fill="#012169" />
      <path d="M0,0 30,15 M30,0 0,15" stroke="#fff" strokeWidth="3" />
      <path d="M0,0 30,15 M30,0 0,15" stroke="#c8102e" strokeWidth="1.2" />
      <path d="M15,0 v15 M0,7.5 h30" stroke="#fff" strokeWidth="5" />
      <path d="M15,0 v15 M0,7.5 h30" stroke="#c8102e" strokeWidth="3" />
    </svg>
  );
}

/**
 * The flag toggle of SPEC 2: shows the language it switches to, and says so to screen readers. Its
 * name starts with the code it shows ("EN — Switch to English"), so voice control can say what is seen.
 */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const next: Language = i18n.language === 'en' ? 'mn' : 'en';
  return (
    <Button variant="ghost" className="language-toggle" onPress={() => void setLanguage(next)} aria-label={t('language.switchTo')}>
      {next === 'en' ? <EnglishFlag /> : <MongoliaFlag />}
      <span className="language-toggle__code" lang={next}>{next === 'en' ? 'EN' : 'МН'}</span>
    </Button>
  );
}
