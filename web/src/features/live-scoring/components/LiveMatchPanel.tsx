import { useEffect, useMemo, useRef } from 'react';
import { announce } from '../../../lib/announcer';
import { useTranslation } from '../../../hooks/useTranslation';
import type { Side } from '@courtside/events/live/engine';
import { liveTimeline, type LiveTimeline, type TimelineGame } from '@courtside/events/live/timeline';
import { Spinner } from '../../../components/feedback/Spinner';
import { i18n } from '../../../lib/i18n';
import { addLiveScoringTexts } from '../../../locales/live-scoring';
import type { LiveView } from '../api/live';
import { useLiveView } from '../hooks/useLiveView';
import { LiveBoard } from './LiveBoard';

addLiveScoringTexts(i18n);

const SIDES: readonly Side[] = ['defender', 'challenger'];
const other = (side: Side): Side => (side === 'defender' ? 'challenger' : 'defender');
const sideText: Record<Side, string> = { defender: 'text-brand-700', challenger: 'text-sky-700' };

/**
 * The live part of the match page `?match={id}` (DESIGN.md §7): the score, a momentum chart, the statistics and
 * the timeline point by point per set, following `live.updated` on `match:{id}` point by point.
 */
export function LiveMatchPanel({ matchId, names }: { matchId: string; names: Record<Side, string> }) {
  const { t } = useTranslation();
  const { state } = useLiveView(matchId, { pushes: 'follow' });
  if (state.status === 'loading')
    return (
      <div className="flex justify-center py-6" role="status">
        <Spinner />
        <span className="sr-only">{t('loading.label')}</span>
      </div>
    );
  if (state.status !== 'ready') return null;
  return <Panel matchId={matchId} view={state.view} names={names} />;
}

/** "Ann 6 3 30, Cas 4 2 15", or who won: what the score says in a sentence. */
function scoreSentence(
  view: LiveView,
  names: Record<Side, string>,
  winnerText: (name: string) => string,
): string {
  if (view.finished && view.winner) return winnerText(names[view.winner]);
  const side = (which: Side) =>
    [names[which], ...view.sets.map((set) => set[which]), ...(view.finished ? [] : [view.game[which]])].join(
      ' ',
    );
  return `${side('defender')}, ${side('challenger')}`;
}

function Panel({ matchId, view, names }: { matchId: string; view: LiveView; names: Record<Side, string> }) {
  const { t } = useTranslation();
  // Each new point is said once, politely (the score as the page opened is not news).
  const openedAt = useRef(view.seq);
  const sentence = scoreSentence(view, names, (name) => t('liveScoring.board.winner', { name }));
  useEffect(() => {
    if (view.seq !== openedAt.current) announce(sentence, `${matchId}:${view.seq}`);
  }, [matchId, view.seq, sentence]);
  const timeline = useMemo(() => liveTimeline(view.rules, view.points), [view.rules, view.points]);
  return (
    <div className="mt-6 space-y-6" data-testid="live-panel" data-seq={view.seq}>
      <section
        className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-ink-200"
        aria-label={t('liveScoring.page.score')}
      >
        <div className="mb-2 flex items-center gap-2 text-xs font-semibold tracking-wide uppercase">
          {view.finished ? (
            <span className="text-ink-600">{t('liveScoring.board.finished')}</span>
          ) : (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-white">
              <span className="size-1.5 rounded-full bg-white motion-safe:animate-pulse" aria-hidden="true" />
              {t('liveScoring.board.live')}
            </span>
          )}
        </div>
        <LiveBoard score={view} names={names} />
      </section>

      <section
        aria-labelledby="live-momentum"
        className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-ink-200"
      >
        <h2 id="live-momentum" className="text-sm font-semibold tracking-wide text-ink-600 uppercase">
          {t('liveScoring.page.momentum')}
        </h2>
        <Momentum timeline={timeline} names={names} />
      </section>

      <section aria-labelledby="live-stats" className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-ink-200">
        <h2 id="live-stats" className="mb-2 text-sm font-semibold tracking-wide text-ink-600 uppercase">
          {t('liveScoring.page.stats')}
        </h2>
        <Stats view={view} names={names} />
      </section>

      <section
        aria-labelledby="live-timeline"
        className="rounded-xl bg-white p-4 shadow-xs ring-1 ring-ink-200"
      >
        <h2 id="live-timeline" className="mb-2 text-sm font-semibold tracking-wide text-ink-600 uppercase">
          {t('liveScoring.page.timeline')}
        </h2>
        <Timeline timeline={timeline} names={names} />
      </section>
    </div>
  );
}

/** The lead in points won after every point: above the line the defender leads, below the challenger. */
function Momentum({ timeline, names }: { timeline: LiveTimeline; names: Record<Side, string> }) {
  const { t } = useTranslation();
  const { momentum, setEnds } = timeline;
  if (momentum.length === 0)
    return <p className="mt-2 text-sm text-ink-500">{t('liveScoring.page.noPoints')}</p>;
  const width = Math.max(momentum.length, 20);
  const peak = Math.max(4, ...momentum.map(Math.abs));
  const height = peak * 2;
  const y = (lead: number) => peak - lead;
  const line = [`0,${peak}`, ...momentum.map((lead, i) => `${i + 1},${y(lead)}`)].join(' ');
  const area = `${line} ${momentum.length},${peak}`;
  return (
    <figure className="mt-2">
      <div className="flex justify-between text-xs font-semibold">
        <span className={sideText.defender}>▲ {names.defender}</span>
      </div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        preserveAspectRatio="none"
        className="my-1 h-32 w-full"
        role="img"
        aria-label={t('liveScoring.page.momentumHint', names)}
        data-testid="momentum"
        data-points={momentum.length}
      >
        <defs>
          <clipPath id="momentum-above">
            <rect x="0" y="0" width={width} height={peak} />
          </clipPath>
          <clipPath id="momentum-below">
            <rect x="0" y={peak} width={width} height={peak} />
          </clipPath>
        </defs>
        <rect x="0" y="0" width={width} height={height} className="fill-ink-50" />
        {setEnds.map((seq) => (
          <line
            key={seq}
            x1={seq}
            x2={seq}
            y1="0"
            y2={height}
            className="stroke-ink-300"
            strokeWidth="1"
            strokeDasharray="3 3"
            vectorEffect="non-scaling-stroke"
          />
        ))}
        <polygon points={area} clipPath="url(#momentum-above)" className="fill-brand-500/40" />
        <polygon points={area} clipPath="url(#momentum-below)" className="fill-sky-500/40" />
        <line
          x1="0"
          x2={width}
          y1={peak}
          y2={peak}
          className="stroke-ink-400"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
        <polyline
          points={line}
          fill="none"
          className="stroke-ink-800"
          strokeWidth="1.5"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div className="text-xs font-semibold">
        <span className={sideText.challenger}>▼ {names.challenger}</span>
      </div>
      <figcaption className="mt-1 text-xs text-ink-500">
        {t('liveScoring.page.momentumHint', names)}
      </figcaption>
    </figure>
  );
}

function Stats({ view, names }: { view: LiveView; names: Record<Side, string> }) {
  const { t } = useTranslation();
  const s = view.stats;
  const percent = (won: number, of: number) => (of === 0 ? '' : ` (${Math.round((won / of) * 100)}%)`);
  const rows: Array<[string, (side: Side) => string]> = [
    [t('liveScoring.page.pointsWon'), (side) => String(s.pointsWon[side])],
    [
      t('liveScoring.page.servicePointsWon'),
      (side) =>
        `${s.servicePointsWon[side]}/${s.servicePointsPlayed[side]}${percent(s.servicePointsWon[side], s.servicePointsPlayed[side])}`,
    ],
    [t('liveScoring.page.breakPointsWon'), (side) => `${s.breakPointsWon[side]}/${s.breakPointsFaced[side]}`],
    // The break points a side faced are the ones its opponent had on its serve.
    [t('liveScoring.page.breakPointsFaced'), (side) => String(s.breakPointsFaced[other(side)])],
    [t('liveScoring.page.longestRun'), (side) => String(s.longestRun[side])],
  ];
  return (
    <table className="w-full text-sm tabular-nums" data-testid="live-stats">
      <thead>
        <tr className="text-xs">
          <th scope="col" className="sr-only">
            {t('liveScoring.page.stats')}
          </th>
          {SIDES.map((side) => (
            <th
              key={side}
              scope="col"
              className={`w-1/4 truncate pb-1 text-right font-semibold ${sideText[side]}`}
            >
              {names[side]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100">
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="py-1.5 text-left font-normal text-ink-700">
              {label}
            </th>
            {SIDES.map((side) => (
              <td key={side} className="py-1.5 text-right font-semibold text-ink-900">
                {value(side)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Sets newest first, each game newest first: who served, every point's score, the game's winner and breaks. */
function Timeline({ timeline, names }: { timeline: LiveTimeline; names: Record<Side, string> }) {
  const { t } = useTranslation();
  if (timeline.sets.length === 0)
    return <p className="text-sm text-ink-500">{t('liveScoring.page.noPoints')}</p>;
  return (
    <div className="space-y-4" data-testid="timeline">
      {timeline.sets
        .map((games, index) => ({ games, index }))
        .reverse()
        .map(({ games, index }) => (
          <section
            key={index}
            aria-label={t('liveScoring.board.set', { set: index + 1 })}
            data-set={index + 1}
          >
            <h3 className="mb-1 text-xs font-bold text-ink-800">
              {t('liveScoring.board.set', { set: index + 1 })}
            </h3>
            <ol className="divide-y divide-ink-100" reversed>
              {games
                .map((game, number) => ({ game, number }))
                .reverse()
                .map(({ game, number }) => (
                  <GameRow key={number} game={game} number={number + 1} names={names} />
                ))}
            </ol>
          </section>
        ))}
    </div>
  );
}

function GameRow({
  game,
  number,
  names,
}: {
  game: TimelineGame;
  number: number;
  names: Record<Side, string>;
}) {
  const { t } = useTranslation();
  const title = game.superTiebreak
    ? t('liveScoring.board.superTiebreak')
    : game.tiebreak
      ? t('liveScoring.board.tiebreak')
      : t('liveScoring.page.gameNumber', { game: number });
  return (
    <li className="py-2" data-testid="timeline-game" data-winner={game.winner ?? undefined}>
      <div className="flex items-center gap-2 text-xs">
        <span className="w-10 shrink-0 font-bold text-ink-900 tabular-nums">
          {game.games.defender}–{game.games.challenger}
        </span>
        <span className="min-w-0 flex-1 truncate text-ink-600">
          {title} · <span className={sideText[game.server]}>●</span> {names[game.server]}{' '}
          {t('liveScoring.board.serving')}
        </span>
        {game.broken && (
          <span className="shrink-0 rounded bg-amber-100 px-1.5 py-0.5 text-[10px] font-bold text-amber-900 uppercase">
            {t('liveScoring.page.broken')}
          </span>
        )}
      </div>
      <p className="mt-1 flex flex-wrap gap-x-2 gap-y-0.5 pl-12 text-xs text-ink-700 tabular-nums">
        {game.points.map((point) => (
          <span
            key={point.seq}
            className={`${sideText[point.winner]} ${point.breakPoint ? 'underline decoration-amber-500 decoration-2' : ''}`}
            title={point.breakPoint ? t('liveScoring.page.breakPoint') : undefined}
          >
            {point.gameEnded ? (
              <span aria-label={t('liveScoring.board.game')}>■</span>
            ) : (
              `${point.call.defender}-${point.call.challenger}`
            )}
          </span>
        ))}
      </p>
    </li>
  );
}
