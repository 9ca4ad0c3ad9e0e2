import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from '../../hooks/useTranslation';
import { i18n } from '../../lib/i18n';
import { addDevMailboxTexts } from '../../locales/dev-mailbox-texts';
import { z } from 'zod';
import { PageHeader } from '../../components/layout/PageHeader';
import { Spinner } from '../../components/feedback/Spinner';
import { FormAlert } from '../../components/forms/FormAlert';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../components/forms/styles';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useLocale } from '../../hooks/useLocale';
import { isApiError, request } from '../../lib/http';
import { useErrorText } from '../../hooks/useAction';
import { DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { formatMoment } from '../../lib/dates';

addDevMailboxTexts(i18n);

const mailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  code: z.string().nullish(),
  sentAt: z.string().nullish(),
});
type Mail = z.infer<typeof mailSchema>;

type Mailbox =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; mails: Mail[] }
  | { state: 'off' }
  | { state: 'failed'; message: string };

/** Newest first (by `sentAt`; mails without one keep the server's order, after dated ones). */
function newestFirst(mails: Mail[]): Mail[] {
  const time = (m: Mail) => (m.sentAt ? Date.parse(m.sentAt) : Number.NaN);
  return mails
    .map((mail, index) => ({ mail, index }))
    .sort((a, b) => {
      const ta = time(a.mail);
      const tb = time(b.mail);
      if (Number.isNaN(ta) || Number.isNaN(tb)) return a.index - b.index;
      return tb - ta || a.index - b.index;
    })
    .map((x) => x.mail);
}

/** The mail's text with its http(s) addresses as links (the dev mailbox is where developers follow them). */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="break-all text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function CopyButton({ value }: { value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      // No clipboard (insecure origin): the code is on screen anyway.
    }
  };
  return (
    <button
      type="button"
      onClick={copy}
      className="rounded-md px-2 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-300 hover:bg-brand-100"
    >
      {copied ? t('devMailbox.copied') : t('devMailbox.copy')}
    </button>
  );
}

/** /webapps/dev/mailbox: the development outbox (DESIGN.md §2), newest mail first, codes up front. */
export function DevMailboxPage() {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const to = params.get('to')?.trim() ?? '';
  const [email, setEmail] = useState(to);
  const [mailbox, setMailbox] = useState<Mailbox>({ state: 'idle' });
  const [version, setVersion] = useState(0);
  useDocumentTitle(t('devMailbox.title'));

  useEffect(() => setEmail(to), [to]);

  const load = useCallback(
    async (address: string, signal: AbortSignal) => {
      setMailbox({ state: 'loading' });
      try {
        const mails = await request('GET', DEV_MAILBOX_PATH, {
          query: { to: address },
          schema: z.array(mailSchema),
          signal,
        });
        setMailbox({ state: 'loaded', mails: newestFirst(mails) });
      } catch (error) {
        if (signal.aborted) return;
        if (isApiError(error) && error.status === 404) setMailbox({ state: 'off' });
        else setMailbox({ state: 'failed', message: failureText(error) });
      }
    },
    [failureText],
  );

  useEffect(() => {
    if (!to) {
      setMailbox({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    void load(to, controller.signal);
    return () => controller.abort();
  }, [to, version, load]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (address === to) setVersion((v) => v + 1);
    else setParams(address ? { to: address } : {}, { replace: true });
  };

  return (
    <>
      <PageHeader title={t('devMailbox.title')} description={t('devMailbox.intro')} />
      <form
        onSubmit={onSubmit}
        className="mb-6 flex flex-col gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-ink-200/80 sm:flex-row sm:items-end sm:p-5"
      >
        <div className="flex-1">
          <label htmlFor="mailbox-to" className="block text-sm font-medium text-ink-800">
            {t('devMailbox.email')}
          </label>
          <input
            id="mailbox-to"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="player@example.com"
            className={`${inputClass} mt-1.5`}
          />
        </div>
        <div className="flex gap-2">
          <button type="submit" className={`${primaryButtonClass} flex-1 sm:flex-none`}>
            {t('devMailbox.show')}
          </button>
          <button
            type="button"
            onClick={() => setVersion((v) => v + 1)}
            disabled={!to || mailbox.state === 'loading'}
            className={`${secondaryButtonClass} flex-1 sm:flex-none`}
          >
            <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
              <path
                fillRule="evenodd"
                d="M15.312 11.424a5.5 5.5 0 0 1-9.201 2.466l-.312-.311h2.433a.75.75 0 0 0 0-1.5H3.989a.75.75 0 0 0-.75.75v4.242a.75.75 0 0 0 1.5 0v-2.43l.31.31a7 7 0 0 0 11.712-3.138.75.75 0 0 0-1.449-.39Zm1.23-3.723a.75.75 0 0 0 .219-.53V2.929a.75.75 0 0 0-1.5 0V5.36l-.31-.31A7 7 0 0 0 3.239 8.188a.75.75 0 1 0 1.448.389A5.5 5.5 0 0 1 13.89 6.11l.311.31h-2.432a.75.75 0 0 0 0 1.5h4.243a.75.75 0 0 0 .53-.219Z"
                clipRule="evenodd"
              />
            </svg>
            {t('devMailbox.refresh')}
          </button>
        </div>
      </form>

      {mailbox.state === 'idle' && <p className="text-sm text-ink-600">{t('devMailbox.prompt')}</p>}
      {mailbox.state === 'loading' && (
        <div className="flex justify-center py-10" role="status">
          <Spinner />
          <span className="sr-only">{t('loading.label')}</span>
        </div>
      )}
      {mailbox.state === 'off' && (
        <section className="rounded-2xl border border-dashed border-ink-300 bg-white/60 px-6 py-10 text-center">
          <h2 className="text-base font-semibold text-ink-900">{t('devMailbox.off')}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm leading-6 text-ink-600">{t('devMailbox.offText')}</p>
        </section>
      )}
      {mailbox.state === 'failed' && <FormAlert>{mailbox.message}</FormAlert>}
      {mailbox.state === 'loaded' && mailbox.mails.length === 0 && (
        <p className="rounded-2xl border border-dashed border-ink-300 bg-white/60 px-6 py-10 text-center text-sm text-ink-600">
          {t('devMailbox.empty', { email: to })}
        </p>
      )}
      {mailbox.state === 'loaded' && mailbox.mails.length > 0 && (
        <>
          <p className="mb-3 text-sm text-ink-600" aria-live="polite">
            {t('devMailbox.count', { count: mailbox.mails.length })}
          </p>
          <ol className="space-y-4">
            {mailbox.mails.map((mail, index) => (
              <li
                key={`${mail.sentAt ?? ''}-${index}`}
                className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-ink-200/80"
                data-testid="mail"
              >
                <div className="flex flex-col gap-3 border-b border-ink-100 px-4 py-4 sm:flex-row sm:items-start sm:justify-between sm:px-5">
                  <div className="min-w-0">
                    <h2 className="text-base font-semibold break-words text-ink-900">{mail.subject}</h2>
                    <p className="mt-0.5 text-sm break-all text-ink-600">
                      {t('devMailbox.to', { to: mail.to })}
                    </p>
                    {mail.sentAt && !Number.isNaN(Date.parse(mail.sentAt)) && (
                      <p className="mt-0.5 text-xs text-ink-500">
                        <time dateTime={mail.sentAt}>{formatMoment(mail.sentAt, locale)}</time>
                      </p>
                    )}
                  </div>
                  {mail.code && (
                    <div className="flex shrink-0 items-center gap-3 self-start rounded-xl bg-brand-50 px-4 py-2 ring-1 ring-brand-200">
                      <div>
                        <p className="text-xs font-medium text-brand-800">{t('devMailbox.code')}</p>
                        <p
                          className="font-mono text-2xl font-bold tracking-[0.2em] text-brand-900"
                          data-testid="mail-code"
                        >
                          {mail.code}
                        </p>
                      </div>
                      <CopyButton value={mail.code} />
                    </div>
                  )}
                </div>
                <pre className="px-4 py-4 font-sans text-sm leading-6 break-words whitespace-pre-wrap text-ink-700 sm:px-5">
                  <MailText text={mail.text} />
                </pre>
              </li>
            ))}
          </ol>
        </>
      )}
    </>
  );
}
