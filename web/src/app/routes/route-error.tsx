import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { useTranslation } from '../../hooks/useTranslation';
import { passesWhenTheServerIsBack } from '../../lib/server-back';
import { useWhenTheServerIsBack } from '../../hooks/useWhenTheServerIsBack';
import { NotFoundPage } from './not-found';

/** Error boundary of the route tree: a 404 response shows Not found, anything else a calm error page. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  // Stopped because the server could not be reached: loads again once it is back. A reload, not a revalidation:
  // React Router keeps a route module that failed to load as failed.
  useWhenTheServerIsBack(passesWhenTheServerIsBack(error), () => window.location.reload());
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-10 text-center sm:py-16" role="alert">
      <h1 className="text-2xl font-semibold tracking-tight text-ink-900 sm:text-3xl">{t('error.title')}</h1>
      <p className="mt-4 text-base leading-7 text-ink-600">{t('error.text')}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-8 rounded-lg bg-brand-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-800"
      >
        {t('error.reload')}
      </button>
    </section>
  );
}
