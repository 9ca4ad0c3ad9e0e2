import { useEffect, type ReactNode } from 'react';
import { Provider as JotaiProvider } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import { appStore } from '../stores/store';
import { i18n } from '../lib/i18n';
import { live } from '../lib/live';

/** App-wide providers: the jotai store shared with lib/, translations, and the live connection. */
export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    // Connect early so that the top bar shows the live state and pages subscribe without delay.
    live.connect();
  }, []);
  return (
    <JotaiProvider store={appStore}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </JotaiProvider>
  );
}
