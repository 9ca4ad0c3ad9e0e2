import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAction, useErrorText } from '../../../hooks/useAction';
import { useLocale } from '../../../hooks/useLocale';
import { i18n } from '../../../lib/i18n';
import { isApiError } from '../../../lib/http';
import { formatMoment } from '../../../lib/dates';
import { shownName } from '../../../lib/team-name';
import { addInviteTexts } from '../../../locales/invite-texts';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { FormAlert } from '../../../components/forms/FormAlert';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { parseInvitees, type InviteeRow } from '../invitee-csv';
import {
  getInvitations,
  invitePlayers,
  resendInvitation,
  revokeInvitation,
  type InviteResult,
  type Placement,
  type SeasonInvitation,
} from '../api/invitations';

addInviteTexts(i18n);

const MAX_INVITEES = 200;
const placements: readonly Placement[] = ['WAITING', 'ACTIVE'];
const cell = 'px-2 py-2 align-top';

/**
 * DESIGN.md §9 "Inviting players", the manager's side: a list typed, pasted or uploaded (CSV), previewed row by row
 * with its problem, sent (only the rows without a problem, docs/decisions/web.md "Inviting players in the web app"), and
 * the season's invitations with Resend and Revoke. Loaded lazily by the Participants tab.
 */
export default function InvitePlayers({ seasonId, teamSize }: { seasonId: string; teamSize: 1 | 2 }) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const ids = useId();
  const [text, setText] = useState('');
  const [placement, setPlacement] = useState<Placement>('WAITING');
  const [fileFailed, setFileFailed] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendFailure, setSendFailure] = useState<string>();
  const [result, setResult] = useState<InviteResult>();
  const [invitations, setInvitations] = useState<SeasonInvitation[]>();
  const [listFailure, setListFailure] = useState<string>();
  const [revoking, setRevoking] = useState<SeasonInvitation>();
  const action = useAction<string>();
  const resultRef = useRef<HTMLDivElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  const rows = useMemo(() => parseInvitees(text, teamSize), [text, teamSize]);
  const good = rows.filter((row) => row.problem === undefined);
  const bad = rows.length - good.length;
  const tooMany = good.length > MAX_INVITEES;

  const reload = useCallback(async () => {
    try {
      setInvitations(await getInvitations(seasonId));
      setListFailure(undefined);
    } catch (error) {
      setListFailure(failureText(error));
    }
  }, [seasonId, failureText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useEffect(() => {
    if (result) resultRef.current?.focus();
  }, [result]);

  const readFile = (file: File | undefined) => {
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      setFileFailed(false);
      setText(typeof reader.result === 'string' ? reader.result : '');
    };
    reader.onerror = () => setFileFailed(true);
    reader.readAsText(file);
  };

  const send = async () => {
    setSending(true);
    setSendFailure(undefined);
    try {
      const invitees = good.map(({ email, fullName, partnerEmail }) => ({
        email,
        ...(fullName ? { fullName } : {}),
        ...(partnerEmail ? { partnerEmail } : {}),
      }));
      const answer = await invitePlayers(seasonId, invitees, placement);
      setText('');
      setResult(answer);
    } catch (error) {
      // DESIGN.md §17: the club's 500 invitation mails a day are used up (nothing was made).
      const mailLimit =
        isApiError(error) &&
        error.status === 429 &&
        (error.body as { reason?: string } | undefined)?.reason === 'INVITATION_LIMIT';
      setSendFailure(mailLimit ? t('invite.mailLimit') : failureText(error));
    } finally {
      setSending(false);
    }
    await reload();
  };

  const resend = async (invitation: SeasonInvitation) => {
    await action.run(
      invitation.invitationId,
      () => resendInvitation(seasonId, invitation.invitationId),
      t('invite.resent', { email: invitation.email }),
    );
    await reload();
  };

  const revoke = async (invitation: SeasonInvitation) => {
    await action.run(
      invitation.invitationId,
      () => revokeInvitation(seasonId, invitation.invitationId),
      t('invite.revoked', { email: invitation.email }),
    );
    await reload();
    // Its buttons are gone with its pending state: the list's heading keeps the focus off <body>.
    listHeading.current?.focus();
  };

  return (
    <div className="space-y-5" data-testid="invite-players">
      <p className="text-sm text-ink-600">{t('invite.intro')}</p>
      <div className="space-y-2">
        <label htmlFor={`${ids}-list`} className="block text-sm font-medium text-ink-900">
          {t('invite.list')}
        </label>
        <textarea
          id={`${ids}-list`}
          className={`${inputClass} font-mono`}
          rows={5}
          value={text}
          spellCheck={false}
          onChange={(event) => setText(event.target.value)}
        />
        <label htmlFor={`${ids}-file`} className="block text-sm font-medium text-ink-900">
          {t('invite.file')}
        </label>
        <input
          id={`${ids}-file`}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="block w-full text-sm text-ink-700 file:mr-3 file:rounded-lg file:border-0 file:bg-ink-100 file:px-3 file:py-2 file:font-semibold file:text-ink-800"
          onChange={(event) => readFile(event.target.files?.[0])}
        />
        {fileFailed && <FormAlert>{t('invite.fileFailed')}</FormAlert>}
      </div>

      <RadioGroup value={placement} onChange={setPlacement} aria-label={t('invite.placement')}>
        <p className="mb-2 text-sm font-medium text-ink-900" aria-hidden="true">
          {t('invite.placement')}
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          {placements.map((option) => (
            <Field key={option} className="flex items-center gap-2">
              <Radio
                value={option}
                className="group flex size-5 items-center justify-center rounded-full bg-white ring-1 ring-ink-400 data-checked:bg-brand-700 data-focus:outline-2 data-focus:outline-offset-2 data-focus:outline-brand-700"
              >
                <span className="invisible size-2 rounded-full bg-white group-data-checked:visible" />
              </Radio>
              <Label className="text-sm text-ink-900">{t(`invite.${option}`)}</Label>
            </Field>
          ))}
        </div>
      </RadioGroup>

      {rows.length > 0 && <Preview rows={rows} />}

      {rows.length > 0 && (
        <p className="text-sm text-ink-700" data-testid="invite-summary" aria-live="polite">
          {t('invite.summary', { count: good.length })}
          {bad > 0 && ` · ${t('invite.leftOut', { count: bad })}`}
        </p>
      )}
      {tooMany && <FormAlert>{t('invite.tooMany')}</FormAlert>}
      {sendFailure && <FormAlert>{sendFailure}</FormAlert>}
      <button
        type="button"
        className={primaryButtonClass}
        disabled={sending || good.length === 0 || tooMany}
        onClick={() => void send()}
      >
        {sending ? t('invite.sending') : t('invite.send', { count: good.length })}
      </button>

      {result && (
        <div
          ref={resultRef}
          tabIndex={-1}
          className="space-y-2 rounded-xl bg-brand-50 px-4 py-3 text-sm text-ink-900 ring-1 ring-brand-200 focus:outline-2 focus:outline-brand-700"
          data-testid="invite-result"
        >
          <p className="font-semibold">{t('invite.invited', { count: result.invited.length })}</p>
          {result.skipped.length > 0 && (
            <>
              <p>{t('invite.skipped')}</p>
              <ul className="list-inside list-disc">
                {result.skipped.map((row) => (
                  <li key={`${row.email}-${row.reason}`}>
                    <span className="break-all">{row.email}</span>: {t(`invite.reasons.${row.reason}`)}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      <section aria-labelledby={`${ids}-invitations`} className="space-y-2">
        <h2
          id={`${ids}-invitations`}
          ref={listHeading}
          tabIndex={-1}
          className="text-base font-semibold text-ink-900 focus:outline-none"
        >
          {t('invite.invitations')}
        </h2>
        {listFailure && <FormAlert>{listFailure}</FormAlert>}
        {invitations && invitations.length === 0 && (
          <p className="text-sm text-ink-500">{t('invite.noInvitations')}</p>
        )}
        {invitations && invitations.length > 0 && (
          <InvitationList
            invitations={invitations}
            busy={action.busy}
            onResend={(invitation) => void resend(invitation)}
            onRevoke={setRevoking}
          />
        )}
      </section>
      <ConfirmDialog
        open={revoking !== undefined}
        message={t('invite.revokeConfirm', { email: revoking?.email ?? '' })}
        confirmLabel={t('invite.revokeYes')}
        cancelLabel={t('invite.cancel')}
        onClose={(confirmed) => {
          const invitation = revoking;
          setRevoking(undefined);
          if (confirmed && invitation) void revoke(invitation);
        }}
      />
    </div>
  );
}

function Preview({ rows }: { rows: InviteeRow[] }) {
  const { t } = useTranslation();
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="invite-preview">
        <caption className="pb-1 text-left text-sm font-semibold text-ink-900">{t('invite.preview')}</caption>
        <thead className="text-xs text-ink-600">
          <tr>
            <th scope="col" className={`${cell} hidden sm:table-cell`}>
              {t('invite.line')}
            </th>
            <th scope="col" className={cell}>
              {t('invite.email')}
            </th>
            <th scope="col" className={`${cell} hidden sm:table-cell`}>
              {t('invite.name')}
            </th>
            <th scope="col" className={`${cell} hidden sm:table-cell`}>
              {t('invite.partner')}
            </th>
            <th scope="col" className={cell}>
              {t('invite.problem')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map((row) => (
            <tr key={row.line} data-problem={row.problem ?? ''}>
              <td className={`${cell} hidden tabular-nums sm:table-cell`}>{row.line}</td>
              <td className={`${cell} break-all`}>
                {row.email}
                {/* On a phone the name and partner columns are hidden: the row shows what was read under the
                    address, so a name with a quoted comma can be checked before anything is sent. */}
                {(row.fullName || row.partnerEmail) && (
                  <span className="block text-ink-600 sm:hidden" data-testid="invitee-read">
                    {[row.fullName, row.partnerEmail].filter(Boolean).join(' · ')}
                  </span>
                )}
              </td>
              <td className={`${cell} hidden sm:table-cell`}>{row.fullName}</td>
              <td className={`${cell} hidden break-all sm:table-cell`}>{row.partnerEmail}</td>
              <td className={cell}>
                {row.problem ? (
                  <span className="font-medium text-red-700">{t(`invite.problems.${row.problem}`)}</span>
                ) : (
                  <span className="text-ink-600">{t('invite.ok')}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InvitationList({
  invitations,
  busy,
  onResend,
  onRevoke,
}: {
  invitations: SeasonInvitation[];
  busy: string | undefined;
  onResend(invitation: SeasonInvitation): void;
  onRevoke(invitation: SeasonInvitation): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <table
      className="w-full text-left text-sm"
      data-testid="invitations"
      aria-label={t('invite.invitations')}
    >
      <thead className="text-xs text-ink-600">
        <tr>
          <th scope="col" className={cell}>
            {t('invite.email')}
          </th>
          <th scope="col" className={cell}>
            {t('invite.state')}
          </th>
          <th scope="col" className={`${cell} hidden sm:table-cell`}>
            {t('invite.invitedAt')}
          </th>
          <th scope="col" className={`${cell} hidden sm:table-cell`}>
            {t('invite.expiresAt')}
          </th>
          <th scope="col" className={`${cell} sr-only`}>
            {t('invite.actions')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {invitations.map((invitation) => (
          <tr key={invitation.invitationId} data-state={invitation.state}>
            <td className={cell}>
              {invitation.email && <span className="block break-all text-ink-900">{invitation.email}</span>}
              {invitation.fullName && (
                <span className="block text-ink-600">{shownName(invitation.fullName)}</span>
              )}
            </td>
            <td className={cell}>{t(`invite.states.${invitation.state}`)}</td>
            <td className={`${cell} hidden whitespace-nowrap sm:table-cell`}>
              {formatMoment(invitation.invitedAt, locale)}
            </td>
            <td className={`${cell} hidden whitespace-nowrap sm:table-cell`}>
              {formatMoment(invitation.expiresAt, locale)}
            </td>
            <td className={`${cell} text-right`}>
              {invitation.state === 'pending' && (
                <div className="flex flex-col items-end gap-2 sm:flex-row sm:justify-end">
                  <button
                    type="button"
                    className={`${secondaryButtonClass} px-3 py-1.5`}
                    disabled={busy === invitation.invitationId}
                    aria-label={t('invite.resendLabel', { email: invitation.email })}
                    onClick={() => onResend(invitation)}
                  >
                    {t('invite.resend')}
                  </button>
                  <button
                    type="button"
                    className={`${secondaryButtonClass} px-3 py-1.5 text-red-700`}
                    disabled={busy === invitation.invitationId}
                    aria-label={t('invite.revokeLabel', { email: invitation.email })}
                    onClick={() => onRevoke(invitation)}
                  >
                    {t('invite.revoke')}
                  </button>
                </div>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
