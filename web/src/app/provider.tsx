import { useEffect, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { appStore } from '../stores/store';
import { i18n } from '../lib/i18n';
import { TranslationsProvider } from '../hooks/useTranslation';
import { live } from '../lib/live';

/** App-wide providers: the jotai store shared with lib/, translations, and the live connection. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Connect early so that the top bar shows the live state and pages subscribe without delay.
    live.connect();
  }, []);
  return (
    <JotaiProvider store={appStore}>
      <TranslationsProvider translations={i18n}>{children}</TranslationsProvider>
    </JotaiProvider>
  );
}
