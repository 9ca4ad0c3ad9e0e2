import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAlerts } from '../../../hooks/useAlerts';
import { useErrorText } from '../../../hooks/useAction';
import { useLocale } from '../../../hooks/useLocale';
import { i18n, type TFunction } from '../../../lib/i18n';
import { formatMoment } from '../../../lib/dates';
import { isApiError } from '../../../lib/http';
import { addWebhooksTexts } from '../../../locales/webhooks-texts';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { FormAlert } from '../../../components/forms/FormAlert';
import { TextField } from '../../../components/forms/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import {
  addWebhook,
  chosenTypes,
  deleteWebhook,
  getDeliveries,
  getWebhooks,
  redeliver,
  testWebhook,
  type Webhook,
  type WebhookDelivery,
} from '../api/webhooks';
import { useCompanyList } from '../hooks/useCompanyList';

addWebhooksTexts(i18n);

const smallButton = `${secondaryButtonClass} px-3 py-1.5 aria-disabled:opacity-60`;

interface WebhooksSectionProps {
  companyId: string;
  companyName: string;
}

/**
 * DESIGN.md §18 on the manager screen: the company's endpoints; add one (its secret shown once, with a copy button),
 * send a test, the deliveries with their status and error, redeliver, delete. Loaded lazily by the shell's button.
 */
export default function WebhooksSection({ companyId, companyName }: WebhooksSectionProps) {
  const { t } = useTranslation();
  const alerts = useAlerts();
  const failureText = useErrorText();
  const ids = useId();
  const { list: webhooks, failure: listFailure, reload } = useCompanyList(getWebhooks, companyId);
  const [deleting, setDeleting] = useState<Webhook>();
  const [created, setCreated] = useState<{ webhookId: string; url: string; secret: string }>();
  const heading = useRef<HTMLHeadingElement>(null);
  const secretHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (created) secretHeading.current?.focus();
  }, [created]);

  const remove = async (webhook: Webhook) => {
    try {
      await deleteWebhook(companyId, webhook.webhookId);
      alerts.info(t('webhooks.deleted', { url: webhook.url }));
    } catch (error) {
      alerts.error(failureText(error));
    }
    await reload();
    // The row and its buttons are gone: the heading keeps the focus off <body>.
    heading.current?.focus();
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-5" data-testid="webhooks">
      <div>
        <h2
          id={`${ids}-title`}
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-ink-900 focus:outline-none"
        >
          {t('webhooks.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{t('webhooks.intro')}</p>
      </div>
      {listFailure && <FormAlert>{listFailure}</FormAlert>}
      {!webhooks && !listFailure && <p className="text-sm text-ink-500">{t('webhooks.loading')}</p>}
      {webhooks && webhooks.length === 0 && <p className="text-sm text-ink-600">{t('webhooks.none')}</p>}
      {webhooks && webhooks.length > 0 && (
        <ul
          className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200"
          aria-label={t('webhooks.list', { company: companyName })}
          data-testid="webhook-list"
        >
          {webhooks.map((webhook) => (
            <WebhookRow
              key={webhook.webhookId}
              companyId={companyId}
              webhook={webhook}
              onDelete={() => setDeleting(webhook)}
            />
          ))}
        </ul>
      )}

      {created && (
        <div
          className="space-y-3 rounded-xl bg-brand-50 px-3 py-3 ring-1 ring-brand-200 sm:px-4"
          data-testid="webhook-secret"
        >
          <h3
            ref={secretHeading}
            tabIndex={-1}
            className="text-sm font-semibold break-all text-ink-900 focus:outline-none"
          >
            {t('webhooks.secretTitle', { url: created.url })}
          </h3>
          <p className="text-sm text-ink-700">{t('webhooks.secretOnce')}</p>
          <code className="block rounded-lg bg-white px-3 py-2 font-mono text-sm break-all text-ink-900 ring-1 ring-ink-200">
            {created.secret}
          </code>
          <div className="flex flex-wrap gap-2">
            <button
              type="button"
              className={smallButton}
              onClick={() =>
                void navigator.clipboard
                  ?.writeText(created.secret)
                  .then(() => alerts.info(t('webhooks.copied')))
                  .catch((error: unknown) => alerts.error(failureText(error)))
              }
            >
              {t('webhooks.copy')}
            </button>
            <button
              type="button"
              className={smallButton}
              onClick={() => {
                // The secret goes for good; the focus goes to the list it was added to.
                setCreated(undefined);
                heading.current?.focus();
              }}
            >
              {t('webhooks.done')}
            </button>
          </div>
        </div>
      )}

      <AddWebhookForm
        companyId={companyId}
        onAdded={async (added) => {
          // The list first, then the secret: whoever reads the secret finds its endpoint listed already.
          await reload();
          setCreated(added);
        }}
      />

      <ConfirmDialog
        open={deleting !== undefined}
        message={t('webhooks.deleteConfirm', { url: deleting?.url ?? '' })}
        confirmLabel={t('webhooks.deleteYes')}
        cancelLabel={t('webhooks.cancel')}
        onClose={(confirmed) => {
          const webhook = deleting;
          setDeleting(undefined);
          if (confirmed && webhook) void remove(webhook);
        }}
      />
    </section>
  );
}

function AddWebhookForm({
  companyId,
  onAdded,
}: {
  companyId: string;
  onAdded(added: { webhookId: string; url: string; secret: string }): Promise<void>;
}) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const ids = useId();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [types, setTypes] = useState<string[]>(['match.completed', 'standings.changed']);
  const [urlError, setUrlError] = useState<string>();
  const [typesError, setTypesError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = url.trim();
    setUrlError(address ? undefined : t('webhooks.urlMissing'));
    setTypesError(types.length > 0 ? undefined : t('webhooks.typesMissing'));
    setFailure(undefined);
    if (!address || types.length === 0) return;
    setSending(true);
    try {
      const added = await addWebhook(companyId, {
        url: address,
        types,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      setUrl('');
      setDescription('');
      await onAdded({ ...added, url: address });
    } catch (error) {
      const issue = isApiError(error) ? error.issues[0] : undefined;
      if (issue && issue.path[0] === 'url') setUrlError(issue.message);
      else setFailure(failureText(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-labelledby={`${ids}-add`}
      className="space-y-3"
    >
      <h3 id={`${ids}-add`} className="text-sm font-semibold text-ink-900">
        {t('webhooks.add')}
      </h3>
      <TextField
        label={t('webhooks.url')}
        type="url"
        inputMode="url"
        autoComplete="off"
        value={url}
        error={urlError}
        hint={t('webhooks.urlHint')}
        onChange={(event) => setUrl(event.target.value)}
      />
      <TextField
        label={t('webhooks.description')}
        autoComplete="off"
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <fieldset aria-describedby={typesError ? `${ids}-types-error` : undefined}>
        <legend className="text-sm font-medium text-ink-800">{t('webhooks.types')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {chosenTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-ink-800">
              <input
                type="checkbox"
                className="size-4 rounded border-ink-300 text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                checked={types.includes(type)}
                onChange={(event) =>
                  setTypes((chosen) =>
                    event.target.checked ? [...chosen, type] : chosen.filter((kept) => kept !== type),
                  )
                }
              />
              {t(`webhooks.type.${type}`)}
            </label>
          ))}
        </div>
        {typesError && (
          <p id={`${ids}-types-error`} className="mt-1 text-sm text-red-700">
            {typesError}
          </p>
        )}
      </fieldset>
      {failure && <FormAlert>{failure}</FormAlert>}
      {/* Not disabled while sending: a disabled button would drop the keyboard focus to <body>. */}
      <button
        type="submit"
        className={`${primaryButtonClass} aria-disabled:opacity-60`}
        aria-disabled={sending || undefined}
      >
        {sending ? t('webhooks.adding') : t('webhooks.addButton')}
      </button>
    </form>
  );
}

function WebhookRow({
  companyId,
  webhook,
  onDelete,
}: {
  companyId: string;
  webhook: Webhook;
  onDelete(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const failureText = useErrorText();
  const panel = useId();
  const [open, setOpen] = useState(false);
  const [deliveries, setDeliveries] = useState<WebhookDelivery[]>();
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setDeliveries(await getDeliveries(companyId, webhook.webhookId));
    } catch (error) {
      alerts.error(failureText(error));
    }
  }, [companyId, webhook.webhookId, alerts, failureText]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  const act = async (action: () => Promise<unknown>, done: string) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
      alerts.info(done);
      setOpen(true);
      await load();
    } catch (error) {
      alerts.error(failureText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="space-y-3 px-3 py-3 sm:px-4" data-webhook={webhook.webhookId}>
      <div className="min-w-0">
        <p className="font-medium break-all text-ink-900">{webhook.url}</p>
        {webhook.description && <p className="text-sm break-words text-ink-600">{webhook.description}</p>}
        <p className="text-xs text-ink-600">
          {webhook.types.map((type) => t(`webhooks.type.${type}`)).join(', ')}
        </p>
        {webhook.disabledAt && (
          <p className="mt-1 text-sm font-medium text-red-700">
            {t('webhooks.disabled', { date: formatMoment(webhook.disabledAt, locale) })}
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className={smallButton}
          aria-disabled={busy || undefined}
          aria-label={t('webhooks.testLabel', { url: webhook.url })}
          onClick={() =>
            void act(
              () => testWebhook(companyId, webhook.webhookId),
              t('webhooks.testSent', { url: webhook.url }),
            )
          }
        >
          {t('webhooks.test')}
        </button>
        <button
          type="button"
          className={smallButton}
          aria-expanded={open}
          aria-controls={panel}
          aria-label={open ? undefined : t('webhooks.deliveriesLabel', { url: webhook.url })}
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? t('webhooks.hideDeliveries') : t('webhooks.deliveries')}
        </button>
        <button
          type="button"
          className={`${smallButton} text-red-700`}
          aria-label={t('webhooks.deleteLabel', { url: webhook.url })}
          onClick={onDelete}
        >
          {t('webhooks.delete')}
        </button>
      </div>
      <div id={panel} hidden={!open} className="space-y-2">
        {open && (
          <>
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold text-ink-900">{t('webhooks.deliveries')}</h3>
              <button type="button" className={smallButton} onClick={() => void load()}>
                {t('webhooks.refresh')}
              </button>
            </div>
            {deliveries?.length === 0 && <p className="text-sm text-ink-600">{t('webhooks.noDeliveries')}</p>}
            {deliveries && deliveries.length > 0 && (
              <ul className="divide-y divide-ink-100 rounded-lg ring-1 ring-ink-200" data-testid="deliveries">
                {deliveries.map((delivery) => (
                  <li
                    key={delivery.deliveryId}
                    className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2"
                    data-delivery={delivery.deliveryId}
                  >
                    <div className="min-w-0 text-sm">
                      <p className="font-medium text-ink-900">
                        {t(`webhooks.type.${delivery.type}`)}
                        {' · '}
                        <span data-testid="delivery-status">{statusText(delivery, t)}</span>
                      </p>
                      <p className="text-xs text-ink-600">
                        {t('webhooks.columnAttempt')} {delivery.attempt} · {formatMoment(delivery.at, locale)}
                        {delivery.nextAttemptAt &&
                          ` · ${t('webhooks.nextAttempt', { date: formatMoment(delivery.nextAttemptAt, locale) })}`}
                      </p>
                      {delivery.error && (
                        <p className="text-xs break-all text-red-700" data-testid="delivery-error">
                          {delivery.error}
                        </p>
                      )}
                    </div>
                    <button
                      type="button"
                      className={smallButton}
                      aria-disabled={busy || undefined}
                      aria-label={t('webhooks.redeliverLabel', {
                        type: t(`webhooks.type.${delivery.type}`),
                        date: formatMoment(delivery.at, locale),
                      })}
                      onClick={() =>
                        void act(
                          () => redeliver(companyId, webhook.webhookId, delivery.deliveryId),
                          t('webhooks.redelivered'),
                        )
                      }
                    >
                      {t('webhooks.redeliver')}
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </li>
  );
}

function statusText(delivery: WebhookDelivery, t: TFunction): string {
  if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300)
    return t('webhooks.statusDelivered', { status: delivery.status });
  if (delivery.status !== null) return t('webhooks.statusFailed', { status: delivery.status });
  return delivery.attempt === 0 ? t('webhooks.statusWaiting') : t('webhooks.statusNoAnswer');
}
