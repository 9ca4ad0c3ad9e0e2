import { replace, type LoaderFunctionArgs } from 'react-router-dom';
import { DEFAULT_LOCALE, isLocale, withLocale } from '../../lib/locale';
import { setLanguage } from '../../lib/i18n';
import { BASENAME } from '../basename';

/** The router path of a request URL (without the /webapps basename). */
export function routerPath(pathname: string): string {
  if (pathname === BASENAME) return '/';
  return pathname.startsWith(`${BASENAME}/`) ? pathname.slice(BASENAME.length) : pathname;
}

/**
 * Loader of every `/{page}/{locale}/…` route: an unknown locale is replaced by `en` (same path
 * otherwise); a known one becomes the UI language before the page renders.
 */
export async function localeLoader({ params, request }: LoaderFunctionArgs): Promise<Response | null> {
  if (!isLocale(params.locale)) {
    const url = new URL(request.url);
    return replace(`${withLocale(routerPath(url.pathname), DEFAULT_LOCALE)}${url.search}${url.hash}`);
  }
  await setLanguage(params.locale);
  return null;
}
