import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepEqual } from '../../../lib/keep-equal';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useErrorText } from '../../../hooks/useAction';
import { FormAlert } from '../../../components/forms/FormAlert';
import { linkClass } from '../../../components/forms/styles';
import { PageHeader } from '../../../components/layout/PageHeader';
import { SubscribeLink } from '../../../components/calendar/SubscribeLink';
import { useAlerts } from '../../../hooks/useAlerts';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useWhenTheServerIsBack } from '../../../hooks/useWhenTheServerIsBack';
import { useLocale } from '../../../hooks/useLocale';
import { formatDay } from '../../../lib/dates';
import { pageOrigin } from '../../../lib/first-data';
import { isApiError } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { pagePath } from '../../../lib/locale';
import { memberNames } from '../../../lib/team-name';
import {
  firstStandingsOf,
  getStandings,
  ladderFeedUrl,
  needsSeasonChallenges,
  type Standings,
  type StandingsRow,
} from '../api/ladders';
import {
  endChallenge,
  issueChallenge,
  listSeasonChallenges,
  refusalOf,
  type Challenge,
} from '../../../lib/challenges-api';
import { useMyTeams } from '../hooks/useMyTeams';
import { holdsPlace, withOpenChallenges } from '../standings-model';
import { JoinButton } from './JoinButton';
import { SportBadge } from './SportBadge';
import { refusalText, StandingsTable, type ChallengeAction } from './StandingsTable';
import type { FocusTarget } from '../focus-row';
import { TeamStatus } from './TeamStatus';
import { i18n } from '../../../lib/i18n';
import { addLaddersTexts } from '../../../locales/ladders-texts';
import { addPausedTexts } from '../../../locales/paused-texts';

addLaddersTexts(i18n);
addPausedTexts(i18n);

// The dialogs load when a player answers a challenge: anonymous viewers never need them (docs/performance.md).
const AcceptChallengeDialog = lazy(() =>
  import('./AcceptChallengeDialog').then((module) => ({ default: module.AcceptChallengeDialog })),
);
const ConfirmDialog = lazy(() =>
  import('../../../components/dialogs/ConfirmDialog').then((module) => ({ default: module.ConfirmDialog })),
);
const ChallengeQuestion = lazy(() =>
  import('./ChallengeQuestion').then((module) => ({ default: module.ChallengeQuestion })),
);
// A player's pause control (DESIGN.md §9) with its texts: only for the player's own active team.
const PauseControl = lazy(() =>
  import('./PauseControl').then((module) => ({ default: module.PauseControl })),
);

// A box season's boxes and the picker of the ladder's box seasons (DESIGN.md §12), with their texts: after the
// first paint.
const BoxSeasons = lazy(() => import('./BoxSeasons').then((module) => ({ default: module.BoxSeasons })));

/** Says live standings changes (DESIGN.md §14); loaded after the page, with its texts (docs/performance.md). */
const loadStandingsAnnouncer = () => import('../announce-standings');

/** An anonymous viewer's standings show the season's open challenges (a player's carry their own). */
function withChallenges(standings: Standings, challenges: readonly Challenge[]): Standings {
  return challenges.length === 0
    ? standings
    : { ...standings, teams: withOpenChallenges(standings.teams, challenges) };
}

/**
 * /ladders/{locale}/{ladderId}: the active teams of the ladder's current season by position,
 * updating live (room `season:{id}`); a signed-in player sees their own team's state, challenges the
 * teams they may (DESIGN.md §5; the others say why not) and answers the challenges of their own team.
 */
export function StandingsPage() {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const locale = useLocale();
  const { ladderId = '' } = useParams();
  // The answers the page was sent with (its first paint), when it was: the same first render, no placeholder.
  const [standings, setStandings] = useState<Standings | null>(() => {
    const first = firstStandingsOf(ladderId);
    return first ? withChallenges(first.standings, first.challenges) : null;
  });
  const [failure, setFailure] = useState<string>();
  const mine = useMyTeams();
  const alerts = useAlerts();
  const [busyTeamId, setBusyTeamId] = useState<string>();
  const [accepting, setAccepting] = useState<{ challengeId: string; challenger: string }>();
  const [declining, setDeclining] = useState<{ challengeId: string; challenger: string }>();
  /** A challenge waiting for its confirmation (a tap on a phone is easily made by accident). */
  const [challenging, setChallenging] = useState<StandingsRow>();
  /** Where the focus goes once the standings show what an action did (DESIGN.md §14). */
  const [focusAfter, setFocusAfter] = useState<FocusTarget>();
  /** Counts the season room's changes: a box season's boxes are read again on each. */
  const [seasonVersion, setSeasonVersion] = useState(0);
  // `?season={id}` (BoxSeasons): another box season of the ladder than the current one, to read its tables.
  const [past, setPast] = useState(false);
  useDocumentTitle(
    standings ? t('ladders.standingsTitle', { ladder: standings.ladder.name }) : t('ladders.standings'),
  );

  // What is shown and in which language: a live change is said against the reading before it (DESIGN.md §14).
  const shown = useRef({ standings, locale });
  useEffect(() => {
    shown.current = { standings, locale };
  });

  const load = useCallback(
    /** `inBackground`: a read nobody waits for (on opening, after a live change), rendered in a transition. */
    async (signal?: AbortSignal, liveChange = false, inBackground = false) => {
      try {
        const loaded = await getStandings(ladderId, signal);
        const seasonId = needsSeasonChallenges(loaded);
        const challenges = seasonId ? await listSeasonChallenges(seasonId, signal).catch(() => []) : [];
        const next = withChallenges(loaded, challenges);
        const before = shown.current.standings;
        const season = next.season?.uuid;
        if (liveChange && before && season && before.season?.uuid === season) {
          const language = shown.current.locale;
          void loadStandingsAnnouncer().then(({ announceStandingsChange }) =>
            announceStandingsChange(season, before.teams, next.teams, language, i18n),
          );
        }
        // Unchanged rows stay the objects shown (their memoised rows are not rendered again). A read in the
        // background renders in slices that leave the phone's main thread free (docs/performance.md, "Pages on a
        // phone"); after an action at once, so that the focus it sends finds the rows that show its outcome.
        const show = () => {
          setStandings((before) => keepEqual(before, next));
          setFailure(undefined);
        };
        if (inBackground) startTransition(show);
        else show();
      } catch (error) {
        if (signal?.aborted) return;
        setFailure(
          isApiError(error) && (error.status === 404 || error.status === 400)
            ? t('ladders.unknownLadder')
            : failureText(error),
        );
      }
    },
    [ladderId, t, failureText],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal, false, true);
    return () => controller.abort();
  }, [load]);
  useWhenTheServerIsBack(failure !== undefined, () => void load());

  const seasonId = standings?.season?.uuid;
  // The announcer (and its live region) is there before the first change it says.
  useEffect(() => {
    if (seasonId) void loadStandingsAnnouncer().catch(() => undefined);
  }, [seasonId]);
  const { reload: reloadMine } = mine;
  useLiveRoom(seasonId ? liveRooms.season(seasonId) : null, {
    'season.updated': (push) => {
      if (push.seasonId !== seasonId) return;
      setSeasonVersion((version) => version + 1);
      void load(undefined, true, true);
      void reloadMine();
    },
    onResync: () => void load(undefined, false, true),
  });

  const ownTeamIds = useMemo(
    () =>
      new Set(
        mine.teams
          .filter((team) => team.seasonId === seasonId && team.status === 'active')
          .map((team) => team.teamId),
      ),
    [mine.teams, seasonId],
  );

  const back = (
    <Link to={pagePath('ladders', locale)} className={linkClass}>
      ← {t('ladders.back')}
    </Link>
  );

  if (failure && !standings) {
    return (
      <div className="space-y-4">
        <FormAlert>{failure}</FormAlert>
        <p className="text-sm">{back}</p>
      </div>
    );
  }
  if (!standings) return null;

  const inSeason = mine.teams.filter(
    (team) => team.ladderId === standings.ladder.uuid && team.seasonId === seasonId,
  );
  // A registration that was turned down is history once the player has a team that counts (waiting or active).
  const myTeams = inSeason.some((team) => team.status !== 'rejected')
    ? inSeason.filter((team) => team.status !== 'rejected')
    : inSeason;
  // Open for registration and the player has no team in it yet (a turned-down registration may try again).
  const joinable = standings.season?.openForRegistration === true && !inSeason.some(holdsPlace);
  const rows = standings.teams;
  const challengerName = (row: StandingsRow) => {
    const challengerId = row.challenge?.challengerTeamId;
    const challenger = rows.find((candidate) => candidate.teamId === challengerId);
    return challenger ? memberNames(challenger.members) : '';
  };

  /** Runs a row's action; then the focus goes to `done` (or back to the pressed control when it failed). */
  const run = async (
    row: StandingsRow,
    action: () => Promise<string>,
    done: FocusTarget,
    failed: FocusTarget,
  ) => {
    setBusyTeamId(row.teamId);
    let next = done;
    try {
      alerts.info(await action());
    } catch (error) {
      next = failed;
      const reason = isApiError(error) ? refusalOf(error.body) : undefined;
      alerts.error(reason ? refusalText(t, reason, 'reason') : failureText(error));
    } finally {
      setBusyTeamId(undefined);
      await load();
      setFocusAfter(next);
    }
  };

  /** The caller's own team in the row's challenge (the challenger of a row they challenge). */
  const ownTeamId = () => [...ownTeamIds][0] ?? '';

  const onChallengeClosed = (confirmed: boolean) => {
    const row = challenging;
    setChallenging(undefined);
    if (!confirmed || !row || !seasonId) return;
    // Sent: the control that replaced Challenge is the own row's Withdraw.
    void run(
      row,
      async () => {
        await issueChallenge(seasonId, row.teamId);
        return t('ladders.challenged', { team: memberNames(row.members) });
      },
      { teamId: ownTeamId(), action: 'withdraw' },
      { teamId: row.teamId, action: 'challenge' },
    );
  };

  const onAction = (action: ChallengeAction, row: StandingsRow) => {
    const challengeId = row.challenge?.challengeId ?? '';
    if (action === 'challenge' && seasonId) setChallenging(row);
    else if (action === 'accept') setAccepting({ challengeId, challenger: challengerName(row) });
    else if (action === 'decline') setDeclining({ challengeId, challenger: challengerName(row) });
    else if (action === 'withdraw') {
      // Withdrawn: the challenged team may be challenged again; its Challenge takes the focus.
      const defenderId = row.challenge?.defenderTeamId ?? '';
      void run(
        row,
        async () => {
          await endChallenge(challengeId, 'withdraw');
          return t('ladders.answered.withdrawn');
        },
        { teamId: defenderId, action: 'challenge', otherwise: row.teamId },
        { teamId: row.teamId, action: 'withdraw' },
      );
    }
  };

  const onDeclineClosed = (confirmed: boolean) => {
    const challenge = declining;
    setDeclining(undefined);
    const row = rows.find((candidate) => candidate.challenge?.challengeId === challenge?.challengeId);
    if (!confirmed || !challenge || !row) return;
    void run(
      row,
      async () => {
        await endChallenge(challenge.challengeId, 'decline');
        return t('ladders.answered.declined');
      },
      { teamId: row.teamId, action: 'none' },
      { teamId: row.teamId, action: 'decline' },
    );
  };
  const walkover = standings.season?.rules?.declineIsWalkover !== false;

  return (
    <>
      <p className="mb-3 text-sm">{back}</p>
      <PageHeader
        title={t('ladders.standingsTitle', { ladder: standings.ladder.name })}
        description={
          standings.season
            ? `${standings.season.name} · ${formatDay(standings.season.startDate, locale)} – ${formatDay(standings.season.endDate, locale)}`
            : t('ladders.standingsNoSeason')
        }
        actions={
          <div className="flex flex-wrap items-center gap-2">
            <SubscribeLink feedUrl={ladderFeedUrl(standings.ladder.uuid, pageOrigin())} />
            <SportBadge sportsCategory={standings.ladder.sportsCategory} />
          </div>
        }
      />
      {standings.ladder.withoutManager && (
        <p
          className="mb-5 rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
          role="note"
        >
          {t('ladders.withoutManager')}
        </p>
      )}
      {/* The current season's own parts: a picked past season shows its boxes only. */}
      {!past && (
        <>
          {standings.season && joinable && (
            <div
              className="mb-5 flex flex-wrap items-center justify-between gap-2 rounded-xl bg-brand-50/70 p-3 ring-1 ring-brand-100"
              data-testid="join-season"
            >
              <p className="text-sm font-semibold text-brand-800">{t('ladders.openForRegistration')}</p>
              <JoinButton
                season={standings.season}
                sportsCategory={standings.ladder.sportsCategory}
                loggedIn={mine.loggedIn}
                onJoined={() => void reloadMine()}
              />
            </div>
          )}
          {myTeams.length > 0 && (
            <div className="mb-5 flex flex-wrap items-center gap-2 text-sm text-ink-700">
              <span className="font-medium">{t('ladders.yourTeams')}:</span>
              {myTeams.map((team) => (
                <TeamStatus key={team.teamId} team={team} />
              ))}
            </div>
          )}
        </>
      )}
      <Suspense fallback={null}>
        <BoxSeasons
          ladderId={standings.ladder.uuid}
          current={standings.season ?? undefined}
          version={seasonVersion}
          onPast={setPast}
        />
      </Suspense>
      {!past && (
        <>
          {standings.season && standings.season.format !== 'BOX' && (
            <section className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-ink-200">
              {standings.teams.length === 0 ? (
                <p className="px-5 py-8 text-center text-sm text-ink-500">{t('ladders.standingsEmpty')}</p>
              ) : (
                <StandingsTable
                  rows={rows}
                  mine={ownTeamIds}
                  minimumPlayedMatches={standings.season.minimumPlayedMatches}
                  busyTeamId={busyTeamId}
                  onAction={onAction}
                  focusAfter={focusAfter}
                  onFocused={() => setFocusAfter(undefined)}
                />
              )}
            </section>
          )}
          {/* Below the table: it loads after the rows' actions, and above them it would move the button being clicked. */}
          {myTeams
            .filter((team) => team.status === 'active')
            .map((team) => (
              <Suspense key={team.teamId} fallback={null}>
                <PauseControl
                  team={team}
                  onDone={async () => {
                    await Promise.all([reloadMine(), load()]);
                  }}
                />
              </Suspense>
            ))}
        </>
      )}
      <Suspense fallback={null}>
        {accepting !== undefined && (
          <AcceptChallengeDialog
            challenge={accepting}
            onClose={(accepted) => {
              setAccepting(undefined);
              if (accepted) void load();
            }}
          />
        )}
        {challenging !== undefined && (
          <ChallengeQuestion team={memberNames(challenging.members)} onClose={onChallengeClosed} />
        )}
        {declining !== undefined && (
          <ConfirmDialog
            open
            message={`${t('ladders.declineDialog.title', { team: declining?.challenger ?? '' })} ${t(
              walkover ? 'ladders.declineDialog.walkover' : 'ladders.declineDialog.noWalkover',
              { team: declining?.challenger ?? '' },
            )}`}
            confirmLabel={t('ladders.declineDialog.confirm')}
            cancelLabel={t('ladders.declineDialog.cancel')}
            onClose={onDeclineClosed}
          />
        )}
      </Suspense>
    </>
  );
}
