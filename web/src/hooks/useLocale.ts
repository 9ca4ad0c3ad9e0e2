import { useTranslation } from './useTranslation';
import { toLocale, type Locale } from '../lib/locale';

/** The locale in use (the router sets it from the address). */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return toLocale(i18n.resolvedLanguage ?? i18n.language);
}
