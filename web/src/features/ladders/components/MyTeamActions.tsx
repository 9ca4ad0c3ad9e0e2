import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useAlerts } from '../../../hooks/useAlerts';
import { useLocale } from '../../../hooks/useLocale';
import { useTranslation } from '../../../hooks/useTranslation';
import { useErrorText } from '../../../hooks/useAction';
import { isApiError } from '../../../lib/http';
import { pagePath } from '../../../lib/locale';
import { answerPartnerRequest, leaveSeason, type MyTeam } from '../api/ladders';

const smallButton = 'px-3 py-1.5 text-xs';

// The confirm dialog (Headless UI Dialog) loads the first time someone leaves, not with the ladders page.
const ConfirmDialog = lazy(async () => ({
  default: (await import('../../../components/dialogs/ConfirmDialog')).ConfirmDialog,
}));

/**
 * What a player can do with a team of theirs (DESIGN.md §9): accept or decline a partner request sent to them,
 * withdraw one they sent, leave a waiting or active team. `onDone` reloads the list and puts the focus somewhere
 * that stays (these buttons may be gone).
 */
export function MyTeamActions({ team, onDone }: { team: MyTeam; onDone(): Promise<void> }) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const alerts = useAlerts();
  const locale = useLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first leave on, so that closing plays the dialog's leave transition.
  const [opened, setOpened] = useState(false);
  const request = team.partnerRequest;

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    try {
      await action();
      alerts.info(done);
    } catch (error) {
      if (isApiError(error) && error.status === 403) {
        // The club sees the partner's name and phone: the spec's minimal account first, then back here.
        alerts.warning(t('ladders.joinDialog.completeAccount'));
        const from = `${location.pathname}${location.search}`;
        await navigate(
          `${pagePath('account', locale, 'onboarding')}?${new URLSearchParams({ from }).toString()}`,
        );
        return;
      }
      alerts.error(failureText(error));
    } finally {
      setBusy(false);
      await onDone();
    }
  };
  const leave = () => run(() => leaveSeason(team.seasonId, team.teamId), t('ladders.myTeam.left'));

  if (request?.awaitingAnswerOf === 'you') {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-ink-700">
          {t('ladders.myTeam.asksYou', { name: request.invitedBy || t('ladders.myTeam.aPlayer') })}
        </span>
        <button
          type="button"
          className={`${primaryButtonClass} ${smallButton}`}
          disabled={busy}
          onClick={() =>
            void run(() => answerPartnerRequest(team.teamId, true), t('ladders.myTeam.accepted'))
          }
        >
          {t('ladders.myTeam.accept')}
        </button>
        <button
          type="button"
          className={`${secondaryButtonClass} ${smallButton}`}
          disabled={busy}
          onClick={() =>
            void run(() => answerPartnerRequest(team.teamId, false), t('ladders.myTeam.declined'))
          }
        >
          {t('ladders.myTeam.decline')}
        </button>
      </div>
    );
  }
  if (request) {
    return (
      <button
        type="button"
        className={`${secondaryButtonClass} ${smallButton}`}
        disabled={busy}
        onClick={() => void leave()}
      >
        {t('ladders.myTeam.withdraw')}
      </button>
    );
  }
  if (team.status !== 'waiting' && team.status !== 'active') return null;
  return (
    <>
      <button
        type="button"
        className={`${secondaryButtonClass} ${smallButton}`}
        disabled={busy}
        onClick={() => {
          setOpened(true);
          setConfirming(true);
        }}
      >
        {t('ladders.myTeam.leave')}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={confirming}
            message={t('ladders.myTeam.leaveQuestion', { season: team.seasonName })}
            confirmLabel={t('ladders.myTeam.leave')}
            cancelLabel={t('ladders.joinDialog.cancel')}
            onClose={(confirmed) => {
              setConfirming(false);
              if (confirmed) void leave();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
