import {
  createContext,
  createElement,
  useContext,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { i18n, type TFunction } from '../lib/i18n';
import type { Translations } from '../lib/translations';

/** The translations of the tree: the app's own, or a server render's copy in its page's language. */
const TranslationsContext = createContext<Translations>(i18n);

export function TranslationsProvider({
  translations,
  children,
}: {
  translations: Translations;
  children: ReactNode;
}) {
  return createElement(TranslationsContext.Provider, { value: translations }, children);
}

/** The texts in the current language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: Translations } {
  const translations = useContext(TranslationsContext);
  const language = useSyncExternalStore(
    translations.subscribe,
    () => translations.language,
    () => translations.language,
  );
  const t = useMemo(() => translations.getFixedT(language) as TFunction, [translations, language]);
  return { t, i18n: translations };
}
