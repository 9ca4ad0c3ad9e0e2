import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSetAtom } from 'jotai';
import { FormAlert } from '../../../components/forms/FormAlert';
import { PasswordField } from '../../../components/forms/PasswordField';
import { inputClass, secondaryButtonClass } from '../../../components/forms/styles';
import { canConfirmDelete } from '../../../components/dialogs/delete-confirmation';
import { DeleteForeverIcon } from '../../../components/icons/icons';
import { useLocale } from '../../../hooks/useLocale';
import { useTranslation } from '../../../hooks/useTranslation';
import { logout } from '../../../lib/account-api';
import { errorText, isApiError, request } from '../../../lib/http';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { pagePath } from '../../../lib/locale';
import { accountAtom } from '../../../stores/session';
import type { LoginState } from './LoginPage';
import { SettingsSection } from './SettingsSection';

/**
 * DESIGN.md §10: deletes the signed-in account (erasure). 403 wrong password, 409 {reason: LAST_MANAGER}. Here, not
 * in api/account.ts: it loads with this section only.
 */
async function deleteAccount(currentPassword: string): Promise<void> {
  await request('DELETE', `${ACCOUNT_API}/account`, { body: { currentPassword } });
}

const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-50';

/**
 * DESIGN.md §10 "Delete my account": a typed confirmation like the spec's delete dialog (type "delete"), with the
 * current password. Afterwards the browser is signed out and lands on the sign-in page.
 */
function DeleteAccountSettings() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection title={t('settings.deleteAccount')}>
      <p className="text-sm text-ink-700">{t('settings.deleteText')}</p>
      <button type="button" className={`mt-4 ${dangerButtonClass}`} onClick={() => setOpen(true)}>
        <DeleteForeverIcon className="size-5" />
        {t('settings.deleteAccount')}
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} className="relative z-50">
        <DialogBackdrop className="fixed inset-0 bg-ink-950/40" />
        <div className="fixed inset-0 flex w-screen items-center justify-center p-4">
          {/* A fresh form for each opening: the fields start empty. */}
          {open && <DeleteAccountForm onCancel={() => setOpen(false)} />}
        </div>
      </Dialog>
    </SettingsSection>
  );
}

function DeleteAccountForm({ onCancel }: { onCancel(): void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const setAccount = useSetAtom(accountAtom);
  const wordId = useId();
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const enabled = canConfirmDelete(word) && password !== '' && !busy;

  async function submit() {
    setBusy(true);
    setPasswordError(undefined);
    setFailure(undefined);
    try {
      await deleteAccount(password);
    } catch (error) {
      setBusy(false);
      if (isApiError(error) && error.status === 403) setPasswordError(t('settings.wrongPassword'));
      else if (isApiError(error) && error.status === 429) setFailure(t('settings.tooMany'));
      else if (isApiError(error) && (error.body as { reason?: unknown })?.reason === 'LAST_MANAGER') {
        setFailure(t('settings.lastManager'));
      } else if (isApiError(error) && error.status === 503) {
        // A club could not take a step now (the server's text is in English): what was done stays done.
        setFailure(t('settings.notDeletedYet'));
      } else setFailure(errorText(error, t('settings.deleteFailed')));
      return;
    }
    // The server ended every session: clear this browser's cookies and what the page knows.
    await logout();
    setAccount(null);
    const state: LoginState = { notice: t('settings.deleted') };
    await navigate(pagePath('account', locale, 'login'), { replace: true, state });
  }

  return (
    <DialogPanel className="w-full max-w-sm rounded-2xl bg-white p-5 shadow-xl ring-1 ring-black/5 sm:p-6">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (enabled) void submit();
        }}
        className="space-y-4"
      >
        <DialogTitle className="text-lg font-semibold text-ink-900">{t('settings.deleteTitle')}</DialogTitle>
        <p className="text-sm text-ink-600">{t('settings.deleteWarning')}</p>
        {failure && <FormAlert>{failure}</FormAlert>}
        <PasswordField
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          autoFocus
          name="currentPassword"
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div>
          <label htmlFor={wordId} className="block text-sm font-medium text-ink-800">
            {t('settings.deleteLabel')}
          </label>
          <input
            id={wordId}
            value={word}
            onChange={(event) => setWord(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className={`${inputClass} mt-1.5`}
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onCancel}>
            {t('settings.cancel')}
          </button>
          <button type="submit" className={dangerButtonClass} disabled={!enabled}>
            <DeleteForeverIcon className="size-5" />
            {t('settings.deleteConfirm')}
          </button>
        </div>
      </form>
    </DialogPanel>
  );
}

export default DeleteAccountSettings;
