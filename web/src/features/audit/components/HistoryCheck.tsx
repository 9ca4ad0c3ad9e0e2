import { useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormAlert } from '../../../components/forms/FormAlert';
import { linkClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { useErrorText } from '../../../hooks/useAction';
import { exportPaths, verifyCompanyHistory, type ChainReport } from '../api/chain';

/**
 * The auditor's tools of DESIGN.md §8 on the page: recompute the company's hash chain (is any event changed or
 * missing?) and download every event and every result for tools of their own.
 */
export function HistoryCheck({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const locale = useLocale();
  const [checking, setChecking] = useState(false);
  const [report, setReport] = useState<ChainReport>();
  const [failure, setFailure] = useState<string>();
  const exports = exportPaths(companyId);

  const check = async () => {
    setChecking(true);
    setFailure(undefined);
    try {
      setReport(await verifyCompanyHistory(companyId));
    } catch (error) {
      setReport(undefined);
      setFailure(failureText(error));
    } finally {
      setChecking(false);
    }
  };

  return (
    <section
      className="mb-5 rounded-2xl bg-white px-4 py-3 ring-1 ring-ink-200 sm:px-5"
      aria-labelledby="history-check"
      data-testid="history-check"
    >
      <h2 id="history-check" className="text-sm font-semibold text-ink-900">
        {t('audit.check.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-600">{t('audit.check.text')}</p>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={checking}
          onClick={() => void check()}
        >
          {checking && <Spinner className="size-4" />}
          {t('audit.check.run')}
        </button>
        <a href={exports.events} download className={`${linkClass} text-sm`}>
          {t('audit.check.events')}
        </a>
        <a href={exports.results} download className={`${linkClass} text-sm`}>
          {t('audit.check.results')}
        </a>
      </div>
      {failure && <FormAlert>{failure}</FormAlert>}
      {report && (
        <p
          role="status"
          data-ok={report.ok}
          className={`mt-3 rounded-md px-3 py-2 text-sm ring-1 ring-inset break-words ${
            report.ok ? 'bg-brand-50 text-brand-900 ring-brand-200' : 'bg-red-50 text-red-800 ring-red-200'
          }`}
        >
          {report.ok
            ? t('audit.check.intact', {
                count: report.events,
                events: report.events.toLocaleString(locale),
                hash: report.headHash ? report.headHash.slice(0, 12) : '–',
              })
            : t('audit.check.broken', { position: report.firstBadPosition ?? '?' })}
        </p>
      )}
    </section>
  );
}
