import { useEffect, useId, useState } from 'react';
import { formatDay } from '../../../lib/dates';
import { useTranslation } from '../../../hooks/useTranslation';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useAction } from '../../../hooks/useAction';
import { useLocale } from '../../../hooks/useLocale';
import {
  acceptChallenge,
  endChallenge,
  type Challenge,
  type ChallengeState,
} from '../../../lib/challenges-api';
import { groupChallenges, opponentTeamId } from '../challenge-groups';
import { useMyChallenges } from '../hooks/useMyChallenges';
import { leadingLocalDateTime } from '@courtside/events/matches/match-dates';

/** A date (`YYYY-MM-DD`) or an instant, in local time. */

/**
 * "Challenges" on My matches (DESIGN.md §5): open challenges received (Accept with an optional date
 * and time, Decline), open challenges sent (Withdraw), accepted ones with their play-by date, and the
 * answered or expired ones briefly. Follows `challenge.updated` in the account's room.
 */
export function ChallengesSection({
  accountId,
  onAnswered,
  onKnown,
}: {
  accountId: string | null | undefined;
  /** A challenge was accepted, declined or withdrawn here (a match may have been created). */
  onAnswered?: () => void;
  /** The challenges were loaded (or failed to load) the first time: what this section shows is settled. */
  onKnown?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const headingId = useId();
  const { state, challenges, myTeamIds, names, reload } = useMyChallenges(accountId);
  const answer = useAction<string>();
  const busy = answer.busy;
  useEffect(() => {
    if (state !== 'loading') onKnown?.();
  }, [state, onKnown]);

  // Nothing until known: a heading shown while loading would vanish again for a player without challenges.
  if (state === 'loading' || (state === 'ready' && challenges.length === 0)) return null;
  const groups = groupChallenges(challenges, myTeamIds);
  const teamName = (challenge: Challenge) => names.get(opponentTeamId(challenge, myTeamIds)) ?? '…';

  const act = async (challenge: Challenge, action: () => Promise<unknown>, done: string) => {
    if (await answer.run(challenge.challengeId, action, done)) onAnswered?.();
    reload();
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0" data-testid="challenges">
      <h2 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-ink-600 uppercase">
        {t('matches.challenges.title')}
      </h2>
      {state === 'error' && (
        <p className="text-sm text-red-700" role="alert">
          {t('matches.challenges.loadFailed')}
        </p>
      )}
      <ul className="space-y-3">
        {groups.received.map((challenge) => (
          <ReceivedChallenge
            key={challenge.challengeId}
            challenge={challenge}
            team={teamName(challenge)}
            busy={busy === challenge.challengeId}
            respondBy={formatDay(challenge.respondBy, locale)}
            onAccept={(date) =>
              void act(
                challenge,
                () => acceptChallenge(challenge.challengeId, date),
                t('matches.challenges.accepted'),
              )
            }
            onDecline={() =>
              void act(
                challenge,
                () => endChallenge(challenge.challengeId, 'decline'),
                t('matches.challenges.declined'),
              )
            }
          />
        ))}
        {groups.sent.map((challenge) => (
          <li key={challenge.challengeId} className={cardClass} data-testid="challenge" data-state="sent">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink-900">
                {t('matches.challenges.sent', { team: teamName(challenge) })}
              </p>
              <p className="text-sm text-ink-600">
                {t('matches.challenges.respondBy', { date: formatDay(challenge.respondBy, locale) })}
              </p>
            </div>
            <button
              type="button"
              disabled={busy === challenge.challengeId}
              onClick={() =>
                void act(
                  challenge,
                  () => endChallenge(challenge.challengeId, 'withdraw'),
                  t('matches.challenges.withdrawn'),
                )
              }
              className={`${secondaryButtonClass} py-1.5`}
            >
              {t('matches.challenges.withdraw')}
            </button>
          </li>
        ))}
        {groups.accepted.map((challenge) => (
          <li key={challenge.challengeId} className={cardClass} data-testid="challenge" data-state="accepted">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink-900">
                {t(
                  myTeamIds.has(challenge.defenderTeamId)
                    ? 'matches.challenges.received'
                    : 'matches.challenges.sent',
                  {
                    team: teamName(challenge),
                  },
                )}
              </p>
              {challenge.playBy && (
                <p className="text-sm text-ink-600">
                  {t('matches.challenges.playBy', { date: formatDay(challenge.playBy, locale) })}
                </p>
              )}
            </div>
            <StateBadge state="accepted" />
          </li>
        ))}
      </ul>
      {groups.earlier.length > 0 && (
        <div className="mt-4">
          <h3 className="mb-1 text-xs font-semibold text-ink-500">{t('matches.challenges.earlier')}</h3>
          <ul className="divide-y divide-ink-100 rounded-lg bg-white ring-1 ring-ink-200">
            {groups.earlier.map((challenge) => (
              <li
                key={challenge.challengeId}
                className="flex items-center gap-2 px-3 py-2 text-sm text-ink-700"
                data-testid="challenge"
                data-state={challenge.state}
              >
                <span className="min-w-0 flex-1 truncate">
                  {t(
                    myTeamIds.has(challenge.defenderTeamId)
                      ? 'matches.challenges.received'
                      : 'matches.challenges.sent',
                    {
                      team: teamName(challenge),
                    },
                  )}
                  <span className="text-ink-500"> · {formatDay(challenge.issuedAt, locale)}</span>
                </span>
                <StateBadge state={challenge.state} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

const cardClass =
  'flex flex-wrap items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-xs ring-1 ring-ink-200';

function StateBadge({ state }: { state: Challenge['state'] }) {
  const known = state as ChallengeState;
  const { t } = useTranslation();
  const tone =
    state === 'accepted'
      ? 'bg-brand-50 text-brand-800 ring-brand-200'
      : state === 'open'
        ? 'bg-sky-50 text-sky-800 ring-sky-200'
        : 'bg-ink-50 text-ink-600 ring-ink-200';
  return (
    <span className={`shrink-0 rounded-full px-2 py-0.5 text-[11px] font-semibold ring-1 ring-inset ${tone}`}>
      {t(`matches.challenges.state.${known}`)}
    </span>
  );
}

function ReceivedChallenge({
  challenge,
  team,
  busy,
  respondBy,
  onAccept,
  onDecline,
}: {
  challenge: Challenge;
  team: string;
  busy: boolean;
  respondBy: string;
  onAccept: (date: string | undefined) => void;
  onDecline: () => void;
}) {
  const { t } = useTranslation();
  const fieldId = useId();
  const [date, setDate] = useState('');
  return (
    <li
      className={cardClass}
      data-testid="challenge"
      data-state="received"
      data-challenge-id={challenge.challengeId}
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-semibold text-ink-900">{t('matches.challenges.received', { team })}</p>
        <p className="text-sm text-ink-600">{t('matches.challenges.respondBy', { date: respondBy })}</p>
      </div>
      <form
        className="flex w-full flex-wrap items-end gap-2 sm:w-auto"
        onSubmit={(event) => {
          event.preventDefault();
          onAccept(leadingLocalDateTime(date) ?? undefined);
        }}
      >
        <div className="flex w-full min-w-0 flex-col gap-1 sm:w-auto">
          <label htmlFor={fieldId} className="text-xs font-medium text-ink-700">
            {t('matches.challenges.date')}
          </label>
          <input
            id={fieldId}
            type="datetime-local"
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            className={`${inputClass} py-1.5`}
          />
        </div>
        <button
          type="button"
          disabled={busy}
          onClick={onDecline}
          className={`${secondaryButtonClass} py-1.5`}
        >
          {t('matches.challenges.decline')}
        </button>
        <button type="submit" disabled={busy} className={`${primaryButtonClass} py-1.5`}>
          {t('matches.challenges.accept')}
        </button>
      </form>
    </li>
  );
}
