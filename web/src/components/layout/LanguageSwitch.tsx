import { Link, useLocation } from 'react-router-dom';
import { useTranslation } from '../../hooks/useTranslation';
import { isLocale, LOCALES, withLocale, type Locale } from '../../lib/locale';
import { setLanguage } from '../../lib/i18n';
import { useLocale } from '../../hooks/useLocale';

const base =
  'inline-flex h-7 min-w-9 items-center justify-center rounded-md px-2 text-xs font-semibold tracking-wide uppercase transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white';
const active = 'bg-white text-brand-800 shadow-sm';
const inactive = 'text-brand-50 hover:bg-white/10 hover:text-white';

/** EN | NL: the same page in the other locale (the locale is part of the address). */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLocale();
  const location = useLocation();
  // Pages without a locale segment (e.g. /dev/mailbox) switch the language in place.
  const hasLocaleSegment = isLocale(location.pathname.split('/')[2]);

  const item = (locale: Locale) => {
    const label = locale.toUpperCase();
    const title = t('language.switchTo', { language: t(`language.${locale}`) });
    if (locale === current) {
      return (
        <span key={locale} className={`${base} ${active}`} aria-current="true" lang={locale}>
          <span aria-hidden="true">{label}</span>
          <span className="sr-only">{t(`language.${locale}`)}</span>
        </span>
      );
    }
    if (!hasLocaleSegment) {
      return (
        <button
          key={locale}
          type="button"
          className={`${base} ${inactive}`}
          title={title}
          onClick={() => void setLanguage(locale)}
        >
          <span aria-hidden="true">{label}</span>
          <span className="sr-only">{title}</span>
        </button>
      );
    }
    return (
      <Link
        key={locale}
        to={{ pathname: withLocale(location.pathname, locale), search: location.search, hash: location.hash }}
        className={`${base} ${inactive}`}
        title={title}
        hrefLang={locale}
        preventScrollReset
      >
        <span aria-hidden="true">{label}</span>
        <span className="sr-only">{title}</span>
      </Link>
    );
  };

  return (
    <nav
      aria-label={t('language.label')}
      className="flex items-center gap-0.5 rounded-lg bg-brand-900/40 p-0.5 ring-1 ring-white/10"
    >
      {LOCALES.map(item)}
    </nav>
  );
}
