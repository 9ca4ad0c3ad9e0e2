import { useEffect } from 'react';
import { useTranslation } from './useTranslation';

/** Sets the tab title to "{title} · Courtside" (just "Courtside" without a title). */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const name = t('app.name');
  useEffect(() => {
    document.title = title ? `${title} · ${name}` : name;
  }, [title, name]);
}
