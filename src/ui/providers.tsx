import type { ReactNode } from 'react';
import { I18nProvider } from 'react-aria-components';

/** The react-aria context every ui component reads: the locale of the current language. */
export function UiProviders({ locale, children }: { locale: string; children: ReactNode }) {
  return <I18nProvider locale={locale}>{children}</I18nProvider>;
}
