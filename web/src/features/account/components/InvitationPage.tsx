import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../../../components/layout/AuthCard';
import { FormAlert } from '../../../components/forms/FormAlert';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useTranslation } from '../../../hooks/useTranslation';
import { useAtomValue } from 'jotai';
import { readAccount } from '../../../hooks/useSignedInAccount';
import type { Account } from '../../../lib/account-api';
import { getCookie } from '../../../lib/cookies';
import { errorText, isApiError } from '../../../lib/http';
import { pagePath } from '../../../lib/locale';
import { i18n } from '../../../lib/i18n';
import { isLoggedIn } from '../../../lib/session';
import { accountAtom } from '../../../stores/session';
import { addInvitationTexts } from '../../../locales/invitation-texts';
import { acceptInvitation, declineInvitation, getInvitation, type Invitation } from '../api/account';
import type { LoginState } from './LoginPage';

addInvitationTexts(i18n);

type Outcome = 'declined' | 'EXPIRED' | 'USED' | 'REVOKED' | 'unknown';

/**
 * /account/{locale}/invitation/{token} (DESIGN.md §9): who asks you to what; accept signed in as the invited
 * address (sign in or sign up with it first, the address filled in), or decline without an account.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const { token = '' } = useParams();
  const [invitation, setInvitation] = useState<Invitation>();
  const [account, setAccount] = useState<Account | null>();
  const knownAccount = useAtomValue(accountAtom);
  const [outcome, setOutcome] = useState<Outcome>();
  const [failure, setFailure] = useState<string>();
  const [busy, setBusy] = useState(false);
  const outcomeRef = useRef<HTMLHeadingElement>(null);
  // Back from completing the account (name and phone): accept at once, so the link's flow ends in one go.
  const [search] = useSearchParams();
  const acceptOnReturn = search.get('accept') === '1';
  const acceptedOnReturn = useRef(false);
  const pageTitle = !invitation
    ? t('invitation.documentTitle')
    : invitation.from === 'club'
      ? t('invitation.club.documentTitle')
      : t('invitation.partnerTitle');
  useDocumentTitle(pageTitle);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 404) setOutcome('unknown');
    else if (isApiError(error) && error.status === 410) {
      const reason = (error.body as { reason?: string } | undefined)?.reason;
      setOutcome(reason === 'USED' || reason === 'REVOKED' ? reason : 'EXPIRED');
    } else setFailure(errorText(error, t('form.failed')));
  };

  useEffect(() => {
    const controller = new AbortController();
    getInvitation(token, controller.signal).then(setInvitation, (error: unknown) => {
      if (!controller.signal.aborted) fail(error);
    });
    // The top bar reads the account too: the page takes what it knows, or shares its read in flight.
    if (!isLoggedIn(getCookie)) setAccount(null);
    else if (knownAccount) setAccount(knownAccount);
    else
      readAccount().then(
        (value) => !controller.signal.aborted && setAccount(value),
        () => !controller.signal.aborted && setAccount(null),
      );
    return () => controller.abort();
  }, [token]);

  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  useEffect(() => {
    if (!acceptOnReturn || acceptedOnReturn.current || !invitation || !account) return;
    if (account.email.toLowerCase() !== invitation.email) return;
    acceptedOnReturn.current = true;
    // Once per visit: accept reads the invitation and account this render has.
    void accept();
  }, [acceptOnReturn, invitation, account]);

  const here = pagePath('account', locale, 'invitation', token);
  const withFrom = (page: string, from = here) =>
    `${pagePath('account', locale, page)}?${new URLSearchParams({ from })}`;

  const accept = async () => {
    if (!invitation) return;
    setBusy(true);
    setFailure(undefined);
    try {
      await acceptInvitation(token);
      const fromClub = invitation.from === 'club';
      const tournament = invitation.kind === 'tournament';
      // What was said on the way (the account saved, "add your name") is done with: one welcome, not a stack.
      alerts.clear();
      alerts.info(
        t(
          tournament
            ? 'invitation.tournament.accepted'
            : fromClub
              ? 'invitation.club.accepted'
              : 'invitation.accepted',
        ),
      );
      // A manager lands on the manager screen, a player on the ladder or the tournament (DESIGN.md §9, §16).
      await navigate(
        invitation.kind === 'manager'
          ? pagePath('manager', locale, invitation.companyId ?? '', 'ladders')
          : tournament
            ? pagePath('tournaments', locale, invitation.tournamentId ?? '')
            : pagePath('ladders', locale, invitation.ladderId ?? ''),
      );
    } catch (error) {
      // No reason and no name or phone yet: the account needs them first (the spec's minimal account); then back
      // here, where the invitation is accepted at once.
      const incomplete = !account?.fullName || !account.phoneNumber;
      if (
        isApiError(error) &&
        error.status === 403 &&
        !(error.body as { reason?: string })?.reason &&
        incomplete
      ) {
        alerts.warning(t('invitation.completeAccount'));
        await navigate(withFrom('onboarding', `${here}?accept=1`));
      } else fail(error);
    } finally {
      setBusy(false);
    }
  };

  const decline = async () => {
    setBusy(true);
    setFailure(undefined);
    try {
      await declineInvitation(token);
      setOutcome('declined');
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  if (outcome) {
    return (
      <AuthCard title={pageTitle}>
        <h2 ref={outcomeRef} tabIndex={-1} className="text-base font-medium text-ink-900 outline-none">
          {t(`invitation.outcome.${outcome}`)}
        </h2>
        <p className="mt-4 text-sm">
          <Link to={pagePath('ladders', locale)} className={linkClass}>
            {t('invitation.toLadders')}
          </Link>
        </p>
      </AuthCard>
    );
  }
  if (!invitation || account === undefined) {
    return failure ? <FormAlert>{failure}</FormAlert> : null;
  }

  const who = invitation.invitedBy || t('invitation.aPlayer');
  const invited = account?.email.toLowerCase() === invitation.email;
  const fromClub = invitation.from === 'club';
  // The link proves the address: a sign-up with its token needs no code (DESIGN.md §9).
  const signInState: LoginState = {
    email: invitation.email,
    ...(fromClub ? { invitationToken: token } : {}),
  };
  const place = {
    ladder: invitation.ladderName,
    club: invitation.companyName,
    season: invitation.seasonName,
    tournament: invitation.tournamentName,
  };
  const intro =
    invitation.kind === 'manager'
      ? t('invitation.club.manager', place)
      : invitation.kind === 'tournament'
        ? t(fromClub ? 'invitation.tournament.club' : 'invitation.tournament.intro', place)
        : t(fromClub ? 'invitation.club.intro' : 'invitation.intro', place);
  return (
    <AuthCard
      title={fromClub ? t('invitation.club.title', place) : t('invitation.title', { name: who })}
      intro={intro}
    >
      <div className="space-y-4">
        {failure && <FormAlert>{failure}</FormAlert>}
        {account && !invited && (
          <FormAlert>
            {t('invitation.wrongAccount', { you: account.email, invited: invitation.email })}
          </FormAlert>
        )}
        {!account && (
          <p className="text-sm text-ink-700">
            {t(invitation.accountExists ? 'invitation.signInFirst' : 'invitation.signUpFirst', {
              email: invitation.email,
            })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          {invited && (
            <button
              type="button"
              className={primaryButtonClass}
              disabled={busy}
              onClick={() => void accept()}
            >
              {t('invitation.accept')}
            </button>
          )}
          {!account && (
            <Link
              to={withFrom(invitation.accountExists ? 'login' : 'register')}
              state={signInState}
              className={primaryButtonClass}
            >
              {t(invitation.accountExists ? 'invitation.signIn' : 'invitation.signUp')}
            </Link>
          )}
          {!fromClub && (
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={busy}
              onClick={() => void decline()}
            >
              {t('invitation.decline')}
            </button>
          )}
        </div>
        <p className="text-xs text-ink-500">
          {t(fromClub ? 'invitation.club.privacy' : 'invitation.privacy')}
        </p>
      </div>
    </AuthCard>
  );
}
