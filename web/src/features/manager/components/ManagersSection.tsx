import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAlerts } from '../../../hooks/useAlerts';
import { useErrorText } from '../../../hooks/useAction';
import { useLocale } from '../../../hooks/useLocale';
import { useSignedInAccount } from '../../../hooks/useSignedInAccount';
import { i18n } from '../../../lib/i18n';
import { formatDay } from '../../../lib/dates';
import { isApiError } from '../../../lib/http';
import { addManagersTexts } from '../../../locales/managers-texts';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { FormAlert } from '../../../components/forms/FormAlert';
import { TextField } from '../../../components/forms/TextField';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import {
  getManagers,
  inviteManager,
  removeManager,
  revokeManagerInvitation,
  type CompanyManager,
  type ManagerInvitation,
} from '../api/managers';
import { useCompanyList } from '../hooks/useCompanyList';

addManagersTexts(i18n);

const reasonOf = (error: unknown): unknown =>
  isApiError(error) ? (error.body as { reason?: unknown } | undefined)?.reason : undefined;

interface ManagersSectionProps {
  companyId: string;
  companyName: string;
  /** The signed-in manager removed themself: the shell closes the company's pages. */
  onLeft(): void;
}

/**
 * DESIGN.md §9 "Managers" on the manager screen: the company's managers and open invitations, "Invite a manager"
 * (email) and Remove (a refused `LAST_MANAGER` says why). Loaded lazily by the manager shell's Managers button.
 */
export default function ManagersSection({ companyId, companyName, onLeft }: ManagersSectionProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const alerts = useAlerts();
  const failureText = useErrorText();
  const ids = useId();
  const me = useSignedInAccount().account?.id;
  const { list: data, failure: listFailure, reload } = useCompanyList(getManagers, companyId);
  const [refusal, setRefusal] = useState<string>();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [busy, setBusy] = useState<string>();
  const [removing, setRemoving] = useState<CompanyManager>();
  const [revoking, setRevoking] = useState<ManagerInvitation>();
  const heading = useRef<HTMLHeadingElement>(null);
  const refusalRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const nameOf = (manager: CompanyManager) => manager.fullName || manager.email;

  const invite = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (sending) return;
    if (!address) {
      setEmailError(t('managers.emailMissing'));
      return;
    }
    setSending(true);
    setEmailError(undefined);
    try {
      await inviteManager(companyId, address);
      setEmail('');
      alerts.info(t('managers.invited', { email: address }));
    } catch (error) {
      setEmailError(
        reasonOf(error) === 'ALREADY_MANAGER'
          ? t('managers.alreadyManager', { email: address })
          : (isApiError(error) && error.issues[0]?.message) || failureText(error),
      );
    } finally {
      setSending(false);
    }
    await reload();
  };

  const remove = async (manager: CompanyManager) => {
    setBusy(manager.accountId);
    setRefusal(undefined);
    try {
      await removeManager(companyId, manager.accountId);
      if (manager.accountId === me) {
        onLeft();
        return;
      }
      alerts.info(t('managers.removed', { name: nameOf(manager), company: companyName }));
      await reload();
      // The row and its button are gone: the heading keeps the focus off <body>.
      heading.current?.focus();
    } catch (error) {
      if (reasonOf(error) === 'LAST_MANAGER')
        setRefusal(t('managers.lastManager', { name: nameOf(manager), company: companyName }));
      else alerts.error(failureText(error));
    } finally {
      setBusy(undefined);
    }
  };

  const revoke = async (invitation: ManagerInvitation) => {
    setBusy(invitation.invitationId);
    try {
      await revokeManagerInvitation(companyId, invitation.invitationId);
      alerts.info(t('managers.revoked', { email: invitation.email }));
    } catch (error) {
      alerts.error(failureText(error));
    } finally {
      setBusy(undefined);
    }
    await reload();
    heading.current?.focus();
  };

  const smallButton = `${secondaryButtonClass} px-3 py-1.5 text-red-700 aria-disabled:opacity-60`;
  return (
    <section aria-labelledby={`${ids}-title`} className="space-y-5" data-testid="managers">
      <div>
        <h2
          id={`${ids}-title`}
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-ink-900 focus:outline-none"
        >
          {t('managers.title')}
        </h2>
        <p className="mt-1 text-sm text-ink-600">{t('managers.intro')}</p>
      </div>
      {listFailure && <FormAlert>{listFailure}</FormAlert>}
      {!data && !listFailure && <p className="text-sm text-ink-500">{t('managers.loading')}</p>}
      {data && (
        <ul
          className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200"
          aria-label={t('managers.list', { company: companyName })}
          data-testid="manager-list"
        >
          {data.managers.map((manager) => (
            <li
              key={manager.accountId}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-3 sm:px-4"
              data-account={manager.accountId}
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-ink-900">
                  {nameOf(manager)}
                  {manager.accountId === me && (
                    <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800">
                      {t('managers.you')}
                    </span>
                  )}
                </p>
                <p className="text-sm break-all text-ink-600">{manager.email}</p>
                <p className="text-xs text-ink-600">
                  {t('managers.since', { date: formatDay(manager.since.slice(0, 10), locale) })}
                </p>
              </div>
              <button
                type="button"
                className={smallButton}
                aria-disabled={busy === manager.accountId || undefined}
                aria-label={t('managers.removeLabel', { name: nameOf(manager) })}
                onClick={() => busy === undefined && setRemoving(manager)}
              >
                {t('managers.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {refusal && (
        <div ref={refusalRef} tabIndex={-1} className="focus:outline-none" data-testid="managers-refusal">
          <FormAlert>{refusal}</FormAlert>
        </div>
      )}

      {data && (
        <section aria-labelledby={`${ids}-invitations`} className="space-y-2">
          <h3 id={`${ids}-invitations`} className="text-sm font-semibold text-ink-900">
            {t('managers.invitations')}
          </h3>
          {data.invitations.length === 0 ? (
            <p className="text-sm text-ink-600">{t('managers.noInvitations')}</p>
          ) : (
            <ul
              className="divide-y divide-ink-100 rounded-xl ring-1 ring-ink-200"
              data-testid="manager-invitations"
            >
              {data.invitations.map((invitation) => (
                <li
                  key={invitation.invitationId}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-3 sm:px-4"
                >
                  <div className="min-w-0">
                    <p className="text-sm font-medium break-all text-ink-900">{invitation.email}</p>
                    <p className="text-xs text-ink-600">
                      {t('managers.invitedAt', {
                        date: formatDay(invitation.invitedAt.slice(0, 10), locale),
                      })}
                      {' · '}
                      {t('managers.expiresAt', {
                        date: formatDay(invitation.expiresAt.slice(0, 10), locale),
                      })}
                    </p>
                  </div>
                  <button
                    type="button"
                    className={smallButton}
                    aria-disabled={busy === invitation.invitationId || undefined}
                    aria-label={t('managers.revokeLabel', { email: invitation.email })}
                    onClick={() => busy === undefined && setRevoking(invitation)}
                  >
                    {t('managers.revoke')}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}

      <form
        onSubmit={(event) => void invite(event)}
        noValidate
        aria-labelledby={`${ids}-invite`}
        className="space-y-3"
      >
        <h3 id={`${ids}-invite`} className="text-sm font-semibold text-ink-900">
          {t('managers.invite')}
        </h3>
        <TextField
          label={t('managers.email')}
          type="email"
          autoComplete="off"
          value={email}
          error={emailError}
          hint={t('managers.emailHint')}
          onChange={(event) => setEmail(event.target.value)}
        />
        {/* Not disabled while sending: a disabled button would drop the keyboard focus to <body>. */}
        <button
          type="submit"
          className={`${primaryButtonClass} aria-disabled:opacity-60`}
          aria-disabled={sending || undefined}
        >
          {sending ? t('managers.sending') : t('managers.send')}
        </button>
      </form>

      <ConfirmDialog
        open={removing !== undefined}
        message={
          removing?.accountId === me
            ? t('managers.removeSelfConfirm', { company: companyName })
            : t('managers.removeConfirm', { name: removing ? nameOf(removing) : '', company: companyName })
        }
        confirmLabel={t('managers.removeYes')}
        cancelLabel={t('managers.cancel')}
        onClose={(confirmed) => {
          const manager = removing;
          setRemoving(undefined);
          if (confirmed && manager) void remove(manager);
        }}
      />
      <ConfirmDialog
        open={revoking !== undefined}
        message={t('managers.revokeConfirm', { email: revoking?.email ?? '' })}
        confirmLabel={t('managers.revokeYes')}
        cancelLabel={t('managers.cancel')}
        onClose={(confirmed) => {
          const invitation = revoking;
          setRevoking(undefined);
          if (confirmed && invitation) void revoke(invitation);
        }}
      />
    </section>
  );
}
