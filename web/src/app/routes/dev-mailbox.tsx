import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/layout/PageHeader';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';

/** /webapps/dev/mailbox: the development outbox (DESIGN.md §2); the viewer comes with the accounts work. */
export function DevMailboxPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('devMailbox.title'));
  return (
    <>
      <PageHeader title={t('devMailbox.title')} description={t('devMailbox.intro')} />
      <p className="rounded-xl border border-ink-200 bg-white px-5 py-4 text-sm text-ink-600">
        {t('devMailbox.placeholder')}
      </p>
    </>
  );
}

export { DevMailboxPage as Component };
