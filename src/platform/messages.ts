import { useTranslation } from 'react-i18next';
import type { Message } from '../../contract/validation';

/** A message key like 'errors.generic' names the namespace first: it is looked up as 'errors:generic'. */
export const i18nKeyOf = (key: string) => key.replace(/^([\w-]+)\./, '$1:');

/** Translates `Message` values (errors from machines and the API) in the current language. */
export function useMessage() {
  const { t } = useTranslation();
  return (message: Message | null | undefined): string | null =>
    message ? t(i18nKeyOf(message.key), { ...message.values, defaultValue: t('errors:generic') }) : null;
}
