import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { matchesPagePath } from '@courtside/events/page-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { linkClass } from '../../../components/forms/styles';
import { createCoalescedReads } from '../../../lib/coalesced-reads';
import { liveRooms } from '../../../lib/live';
import type { DrawMatch, Tournament } from '../api/tournaments';
import { drawMatchScoreSchema, getDrawMatch, type DrawMatchScore } from '../api/draw-match';

type Draw = NonNullable<Tournament['draw']>;

/**
 * A knockout's bracket (DESIGN.md §16) as a list of rounds of matches, readable at 375 px: each match its two sides
 * ("To be decided" until a winner is known), its score followed live on the match's own room, the winner marked in
 * words as well as in bold, and a link to the match (scoring, confirmation, live scoring are the match page's).
 */
export function KnockoutBracket({ tournament, draw }: { tournament: Tournament; draw: Draw }) {
  const { t } = useTranslation();
  const names = new Map(
    tournament.entries.map((entry) => [
      entry.entryId,
      entry.members.map((member) => member.name).join(' & '),
    ]),
  );
  return (
    <section aria-labelledby="draw" className="mb-8">
      <h2 id="draw" className="mb-3 text-lg font-semibold text-ink-900">
        {t('tournaments.draw')}
      </h2>
      <Rounds rounds={draw.rounds} names={names} idPrefix="main" />
      {draw.plate && (
        <>
          <h2 id="plate" className="mb-3 mt-6 text-lg font-semibold text-ink-900">
            {t('tournaments.plate')}
          </h2>
          <Rounds rounds={draw.plate.rounds} names={names} idPrefix="plate" />
        </>
      )}
    </section>
  );
}

function Rounds({
  rounds,
  names,
  idPrefix,
}: {
  rounds: Draw['rounds'];
  names: Map<string, string>;
  idPrefix: string;
}) {
  const { t } = useTranslation();
  const last = rounds.at(-1)?.round;
  return (
    <div className="space-y-4">
      {rounds.map((round) => {
        const headingId = `${idPrefix}-round-${round.round}`;
        return (
          <div key={round.round}>
            <h3 id={headingId} className="mb-2 text-base font-semibold text-ink-900">
              {round.round === last && rounds.length > 1
                ? t('tournaments.final')
                : t('tournaments.round', { round: round.round })}
            </h3>
            <ol
              aria-labelledby={headingId}
              className="divide-y divide-ink-100 rounded-lg bg-white text-sm ring-1 ring-ink-200"
            >
              {round.matches.map((match) => (
                <DrawMatchRow key={match.matchId} match={match} names={names} />
              ))}
            </ol>
          </div>
        );
      })}
    </div>
  );
}

function DrawMatchRow({ match, names }: { match: DrawMatch; names: Map<string, string> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const made = match.sideA !== null && match.sideB !== null;
  const score = useDrawMatchScore(made ? match.matchId : undefined);
  const side = (entryId: string | null) => {
    if (entryId === null) return <span className="text-ink-600">{t('tournaments.toBeDecided')}</span>;
    const name = names.get(entryId) ?? '';
    return match.winner === entryId ? (
      <strong className="font-semibold text-ink-900">
        {name} <span className="font-normal text-ink-600">({t('tournaments.winner')})</span>
      </strong>
    ) : (
      <span className="text-ink-900">{name}</span>
    );
  };
  const live = score?.live && !score.live.finished && score.status === 'planned';
  const line = score && scoreLine(score, t('tournaments.walkover'));
  return (
    <li className="flex flex-wrap items-baseline gap-x-2 gap-y-1 px-3 py-2" data-testid="draw-match">
      <span className="min-w-0 break-words">
        {side(match.sideA)} <span className="text-ink-600">{t('tournaments.versus')}</span>{' '}
        {side(match.sideB)}
      </span>
      {live && (
        <span className="rounded bg-red-700 px-1.5 text-xs font-semibold uppercase text-white">
          {t('tournaments.live')}
        </span>
      )}
      {line && (
        <span className="tabular-nums text-ink-800" data-testid="draw-match-score">
          {line}
        </span>
      )}
      {made && (
        <Link
          to={matchesPagePath(locale, { match: match.matchId })}
          className={`${linkClass} ml-auto`}
          aria-label={t('tournaments.openMatch', {
            sideA: names.get(match.sideA!) ?? '',
            sideB: names.get(match.sideB!) ?? '',
          })}
        >
          {t('tournaments.match')}
        </Link>
      )}
    </li>
  );
}

/** "6-3 4-6 7-6", the defender's games first; a walkover in words. */
function scoreLine(score: DrawMatchScore, walkover: string): string {
  if (score.status === 'walkover') return walkover;
  return score.defender.matchSets
    .map((set, index) => [set.score, score.challenger.matchSets[index]?.score ?? null] as const)
    .filter(([a, b]) => a !== null && b !== null)
    .map(([a, b]) => `${a}-${b}`)
    .join(' ');
}

/**
 * A made draw match's score, loaded and followed on its own room `match:{id}` (DESIGN.md §16: a knockout match's
 * points come there): each `match.updated` carries the match; `live.updated` (a point) and a resync read it again,
 * one read at a time (points that come while it is read bring one more read after it: lib/coalesced-reads.ts).
 */
function useDrawMatchScore(matchId: string | undefined): DrawMatchScore | undefined {
  const [score, setScore] = useState<DrawMatchScore>();
  const [reads] = useState(createCoalescedReads);
  const reload = useCallback(async () => {
    if (!matchId) return;
    // A failure leaves the bracket readable without a score; the next push or resync asks again.
    await reads.read(matchId, () => getDrawMatch(matchId), setScore);
  }, [reads, matchId]);
  useEffect(() => {
    void reload();
    return () => {
      if (matchId) reads.forget(matchId);
    };
  }, [reads, matchId, reload]);
  useLiveRoom(matchId ? liveRooms.match(matchId) : null, {
    'match.updated': (payload) => {
      const parsed = drawMatchScoreSchema.safeParse(payload.match);
      if (parsed.success && parsed.data.id === matchId) {
        // A read in flight may answer older than the pushed match; one to follow would add nothing to it.
        reads.forget(matchId);
        setScore(parsed.data);
      }
    },
    'live.updated': (payload) => {
      if (payload.matchId === matchId) void reload();
    },
    onResync: () => void reload(),
  });
  return score;
}
