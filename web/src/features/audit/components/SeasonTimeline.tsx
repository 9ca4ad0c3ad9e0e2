import { shownName } from '../../../lib/team-name';
import { memo, useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import { FormAlert } from '../../../components/forms/FormAlert';
import { inputClass, secondaryButtonClass } from '../../../components/forms/styles';
import { Spinner } from '../../../components/feedback/Spinner';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { useLocale } from '../../../hooks/useLocale';
import { formatMoment } from '../../../lib/dates';
import { useErrorText } from '../../../hooks/useAction';
import { registerTimelineTexts } from './timeline-texts';
import { liveRooms } from '../../../lib/live';
import { getSeasonEvents, getSeasonHistory, type HistoryItem } from '../api/season-history';
import { recentMatches, seasonTimelineOf, type TimelineMatch } from './season-view';
import {
  actorsOf,
  filterHistory,
  noFilter,
  scoreLine,
  type EventKind,
  type TimelineFilter,
} from './timeline-filters';

registerTimelineTexts();

const teamLabel = (members: Array<{ fullName: string }>) =>
  members.map((member) => shownName(member.fullName)).join(' / ');
const names = (side: { members: Array<{ name: string }> }) =>
  side.members.map((member) => shownName(member.name)).join(' / ');

/** Matches shown at a step until the auditor asks for all: a phone's screenful, and a step draws only these. */
const RECENT_MATCHES = 30;

const kinds: EventKind[] = ['all', 'teams', 'matches', 'season', 'challenges', 'live'];

/**
 * DESIGN.md §8 for people: a season's events on a slider; at each step the standings and matches as they stood
 * after that event, the rows it moved highlighted, the event in words. Follows new events while at the last step.
 */
export function SeasonTimeline({ seasonId }: { seasonId: string }) {
  const { t } = useTranslation();
  const failureText = useErrorText();
  const tl = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  const locale = useLocale();
  const ids = { slider: useId(), actor: useId(), kind: useId(), from: useId() };
  const [items, setItems] = useState<HistoryItem[] | null>(null);
  const [filter, setFilter] = useState<TimelineFilter>(noFilter);
  const [timeline, setTimeline] = useState<ReturnType<typeof seasonTimelineOf> | null>(null);
  const [step, setStep] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();
  const [allMatches, setAllMatches] = useState(false);

  const shown = useMemo(() => filterHistory(items ?? [], filter), [items, filter]);
  const index = step === null ? shown.length - 1 : Math.min(step, shown.length - 1);
  const current = shown[index];
  const following = step === null;

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        const [history, events] = await Promise.all([
          getSeasonHistory(seasonId, locale, signal),
          getSeasonEvents(seasonId, signal),
        ]);
        // Folded here once: every step of the slider is then local, never a request.
        setTimeline(seasonTimelineOf(events));
        setItems(history);
        setFailure(undefined);
      } catch (error) {
        if (!signal?.aborted) setFailure(failureText(error));
      }
    },
    [seasonId, locale, failureText],
  );

  useEffect(() => {
    const controller = new AbortController();
    setItems(null);
    setStep(null);
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  useLiveRoom(liveRooms.season(seasonId), {
    'season.updated': () => void load(),
    'match.updated': () => void load(),
    onResync: () => void load(),
  });

  const state = useMemo(
    () => (current && timeline ? timeline.at(current.position) : null),
    [current, timeline],
  );

  const moved = new Map((current?.changes ?? []).map((change) => [change.teamId, change]));
  const go = (next: number) => setStep(next >= shown.length - 1 ? null : Math.max(0, next));
  const setFilterPart = useCallback((part: Partial<TimelineFilter>) => {
    setFilter((previous) => ({ ...previous, ...part }));
    setStep(null);
  }, []);
  const pickMatch = useCallback(
    (match: TimelineMatch) =>
      setFilterPart({
        subject: {
          kind: 'match',
          id: match.id,
          label: `${names(match.defender)} – ${names(match.challenger)}`,
        },
      }),
    [setFilterPart],
  );

  if (items === null) {
    return (
      <div className="flex justify-center py-8">
        {failure ? <FormAlert>{failure}</FormAlert> : <Spinner className="size-6" />}
      </div>
    );
  }

  return (
    <section
      className="mb-8 rounded-2xl bg-white p-4 shadow-xs ring-1 ring-ink-200 sm:p-5"
      data-testid="season-timeline"
      aria-label={tl('timeline:title')}
    >
      <h2 className="text-lg font-semibold text-ink-900">{tl('timeline:title')}</h2>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <label htmlFor={ids.actor} className="text-sm font-medium text-ink-800">
          {tl('timeline:actor')}
          <select
            id={ids.actor}
            className={`${inputClass} mt-1`}
            value={filter.actorId}
            onChange={(event) => setFilterPart({ actorId: event.target.value })}
          >
            <option value="">{tl('timeline:anyone')}</option>
            {actorsOf(items).map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.kind} className="text-sm font-medium text-ink-800">
          {tl('timeline:kind')}
          <select
            id={ids.kind}
            className={`${inputClass} mt-1`}
            value={filter.kind}
            onChange={(event) => setFilterPart({ kind: event.target.value as EventKind })}
          >
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {tl(`timeline:kinds.${kind}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.from} className="text-sm font-medium text-ink-800">
          {tl('timeline:from')}
          <input
            id={ids.from}
            type="date"
            className={`${inputClass} mt-1`}
            value={filter.from}
            onChange={(event) => setFilterPart({ from: event.target.value })}
          />
        </label>
      </div>
      {filter.subject && (
        <p className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-testid="timeline-subject">
          <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-ink-900 ring-1 ring-brand-200">
            {tl('timeline:only', { name: filter.subject.label })}
          </span>
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setFilterPart({ subject: undefined })}
          >
            {tl('timeline:showAll')}
          </button>
        </p>
      )}
      {failure && <FormAlert>{failure}</FormAlert>}
      {shown.length === 0 ? (
        <p className="mt-4 text-sm text-ink-500">{tl('timeline:none')}</p>
      ) : (
        <>
          <div className="mt-4 flex items-center gap-2">
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={index <= 0}
              onClick={() => go(index - 1)}
              aria-label={tl('timeline:previous')}
            >
              ‹
            </button>
            <label htmlFor={ids.slider} className="sr-only">
              {tl('timeline:step')}
            </label>
            <input
              id={ids.slider}
              type="range"
              min={0}
              max={shown.length - 1}
              value={index}
              onChange={(event) => go(Number(event.target.value))}
              className="min-w-0 flex-1 accent-brand-600"
              data-testid="timeline-slider"
            />
            <button
              type="button"
              className={secondaryButtonClass}
              disabled={index >= shown.length - 1}
              onClick={() => go(index + 1)}
              aria-label={tl('timeline:next')}
            >
              ›
            </button>
          </div>
          <p className="mt-1 text-xs text-ink-500 tabular-nums" aria-live="polite">
            {tl('timeline:stepOf', {
              step: index + 1,
              steps: shown.length,
              position: current!.position,
            })}
            {following && ` · ${tl('timeline:following')}`}
          </p>
          <div
            className="mt-3 rounded-xl bg-ink-50 px-4 py-3"
            data-testid="timeline-event"
            data-event-type={current!.type}
          >
            <p className="text-base font-medium break-words text-ink-900">{current!.summary}</p>
            <p className="mt-0.5 text-xs text-ink-600">
              {current!.actor.name} · {formatMoment(current!.occurredAt, locale)}
            </p>
          </div>
          {state ? (
            <div className="mt-4 grid grid-cols-1 gap-5 lg:grid-cols-2">
              <div>
                <h3 className="text-sm font-semibold text-ink-800">{tl('timeline:standings')}</h3>
                <table className="mt-2 w-full text-sm" data-testid="timeline-standings">
                  <thead>
                    <tr className="text-left text-xs text-ink-500">
                      <th className="py-1 pr-2">#</th>
                      <th className="py-1 pr-2">{tl('timeline:team')}</th>
                      <th className="py-1 pr-2 text-right">{tl('timeline:record')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {state.standings.map((row) => {
                      const change = moved.get(row.teamId);
                      return (
                        <tr
                          key={row.teamId}
                          data-changed={change ? 'true' : undefined}
                          className={`border-t border-ink-100 ${change ? 'bg-amber-100 font-medium' : ''}`}
                        >
                          <td className="py-1.5 pr-2 tabular-nums">{row.position}</td>
                          <td className="py-1.5 pr-2 break-words">
                            <button
                              type="button"
                              className="text-left underline decoration-ink-300 underline-offset-2 hover:decoration-ink-700"
                              title={tl('timeline:teamHistory', { name: teamLabel(row.members) })}
                              onClick={() =>
                                setFilterPart({
                                  subject: { kind: 'team', id: row.teamId, label: teamLabel(row.members) },
                                })
                              }
                            >
                              {teamLabel(row.members)}
                            </button>
                            {change && (
                              <span className="ml-1 text-xs text-amber-800">
                                {change.from === null
                                  ? tl('timeline:entered')
                                  : tl('timeline:was', { position: change.from })}
                              </span>
                            )}
                          </td>
                          <td className="py-1.5 pr-2 text-right tabular-nums">
                            {row.won}–{row.lost}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
              <div>
                <h3 className="text-sm font-semibold text-ink-800">{tl('timeline:matches')}</h3>
                {state.matches.length === 0 ? (
                  <p className="mt-2 text-sm text-ink-500">{tl('timeline:noMatches')}</p>
                ) : (
                  <ul className="mt-2 divide-y divide-ink-100 text-sm" data-testid="timeline-matches">
                    {recentMatches(
                      state.matches,
                      allMatches ? Infinity : RECENT_MATCHES,
                      current?.matchId,
                    ).map((match) => (
                      <TimelineMatchRow key={match.id} match={match} onPick={pickMatch} />
                    ))}
                  </ul>
                )}
                {!allMatches && state.matches.length > RECENT_MATCHES && (
                  <button
                    type="button"
                    className={`${secondaryButtonClass} mt-2`}
                    onClick={() => setAllMatches(true)}
                  >
                    {tl('timeline:allMatches', { count: state.matches.length })}
                  </button>
                )}
              </div>
            </div>
          ) : (
            <div className="flex justify-center py-6">
              <Spinner className="size-6" />
            </div>
          )}
        </>
      )}
    </section>
  );
}

/**
 * One match of the step. A match the step did not change is the same object as before (season-view.ts), so its
 * row is not rendered again: a season of hundreds of matches scrubs without redrawing them all.
 */
const TimelineMatchRow = memo(function TimelineMatchRow({
  match,
  onPick,
}: {
  match: TimelineMatch;
  onPick: (match: TimelineMatch) => void;
}) {
  const { t } = useTranslation();
  const tl = t as unknown as (key: string, options?: Record<string, unknown>) => string;
  return (
    <li className="py-1.5">
      <button
        type="button"
        className="text-left"
        title={tl('timeline:matchHistory')}
        onClick={() => onPick(match)}
      >
        <span className={match.defender.winner ? 'font-semibold' : ''}>{names(match.defender)}</span> –{' '}
        <span className={match.challenger.winner ? 'font-semibold' : ''}>{names(match.challenger)}</span>
        <span className="ml-2 text-ink-600 tabular-nums">{scoreLine(match.defender, match.challenger)}</span>
        <span className="ml-2 text-xs text-ink-500">
          {tl(`timeline:status.${match.status}`, { defaultValue: match.status })}
          {(match.confirmation.state === 'pending' || match.confirmation.state === 'disputed') &&
            ` · ${tl(`timeline:confirmation.${match.confirmation.state}`)}`}
        </span>
      </button>
    </li>
  );
});
