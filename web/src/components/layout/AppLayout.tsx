import type { ReactNode } from 'react';
import { Link, Outlet, useNavigation } from 'react-router-dom';
import { useLocale } from '../../hooks/useLocale';
import { pagePath } from '../../lib/locale';
import { useAtomValue } from 'jotai';
import { useTranslation } from '../../hooks/useTranslation';
import { inFlightAtom } from '../../stores/loading';
import { AlertStack } from '../alerts/AlertStack';
import { LoadingOverlay } from '../feedback/LoadingOverlay';
import { TopBar } from './TopBar';
import { API_DOCS_PATH } from '@courtside/events/api-paths';

/**
 * The page's content, `aria-busy` while busy (an API call in flight, a navigation under way), and the loading overlay.
 * The busy state is read here only, not by the layout: every API call's start and end re-rendered the whole frame,
 * the top bar and its menus with it (a phone's main thread, docs/performance.md "Pages on a phone"). The overlay is
 * fixed over everything, wherever it sits.
 */
function Main({ children }: { children: ReactNode }) {
  const navigation = useNavigation();
  const busy = useAtomValue(inFlightAtom) > 0 || navigation.state !== 'idle';
  return (
    <>
      {/* At least a screen high: the footer starts below the fold, so a page growing as its data arrives does not
          push a visible footer down (a layout shift, CLS). */}
      <main
        id="main"
        className="mx-auto min-h-dvh w-full max-w-5xl flex-1 px-4 py-6 sm:px-6 sm:py-10"
        aria-busy={busy}
      >
        {children}
      </main>
      <LoadingOverlay busy={busy} />
    </>
  );
}

/** The frame of every page: top bar (with the `topBarItems` the app hands in), centred content, alerts and the loading overlay. */
export function AppLayout({ topBarItems }: { topBarItems?: ReactNode }) {
  const { t } = useTranslation();
  const locale = useLocale();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-brand-800 shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('app.skipToContent')}
      </a>
      <TopBar items={topBarItems} />
      <Main>
        <Outlet />
      </Main>
      <footer className="border-t border-ink-200/70">
        <p className="mx-auto flex max-w-5xl flex-wrap justify-between gap-2 px-4 py-5 text-xs text-ink-500 sm:px-6">
          <span>{t('app.footer')}</span>
          <Link
            to={pagePath('accessibility', locale)}
            className="underline underline-offset-2 hover:text-brand-800"
          >
            {t('app.accessibility')}
          </Link>
          <a href={API_DOCS_PATH} className="underline underline-offset-2 hover:text-brand-800">
            {t('app.apiDocs')}
          </a>
        </p>
      </footer>
      <AlertStack />
    </div>
  );
}
