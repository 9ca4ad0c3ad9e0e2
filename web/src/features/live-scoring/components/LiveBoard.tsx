import { useTranslation } from '../../../hooks/useTranslation';
import type { LiveScore, Side } from '@courtside/events/live/engine';
import { playPhase } from '../live-scorer';

interface LiveBoardProps {
  score: Pick<LiveScore, 'sets' | 'game' | 'server' | 'finished' | 'winner'>;
  names: Record<Side, string>;
  /** Larger type (the scorer). */
  large?: boolean;
}

const SIDES: readonly Side[] = ['defender', 'challenger'];

/**
 * The scoreboard of a match scored live (DESIGN.md §7): per side a dot for the server, the names, the games of
 * every set (a tiebreak's points small, a super tiebreak's points in brackets) and the game being played.
 */
export function LiveBoard({ score, names, large = false }: LiveBoardProps) {
  const { t } = useTranslation();
  const current = score.finished ? -1 : score.sets.length - 1;
  const phase = playPhase(score);
  return (
    <table
      className={`w-full border-separate border-spacing-0 tabular-nums ${large ? 'text-lg' : 'text-base'}`}
      data-testid="live-board"
    >
      <caption className="sr-only">{t('liveScoring.page.score')}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('liveScoring.board.serving')}</th>
          {score.sets.map((_, index) => (
            <th key={index} scope="col">
              {t('liveScoring.board.set', { set: index + 1 })}
            </th>
          ))}
          {phase && <th scope="col">{t(`liveScoring.board.${phase}`)}</th>}
        </tr>
      </thead>
      <tbody>
        {SIDES.map((side) => {
          const other: Side = side === 'defender' ? 'challenger' : 'defender';
          return (
            <tr key={side} data-testid={`board-${side}`} data-serving={score.server === side || undefined}>
              <th scope="row" className="w-full max-w-0 py-1.5 pr-2 text-left font-semibold text-ink-900">
                <span className="flex min-w-0 items-center gap-2">
                  <span
                    className={`size-2.5 shrink-0 rounded-full ${
                      score.server === side && !score.finished ? 'bg-lime-500 ring-2 ring-lime-200' : ''
                    }`}
                    data-testid={score.server === side && !score.finished ? 'board-server' : undefined}
                  >
                    {score.server === side && !score.finished && (
                      <span className="sr-only">{t('liveScoring.board.serving')}</span>
                    )}
                  </span>
                  <span className="min-w-0 truncate">{names[side]}</span>
                  {score.winner === side && <span aria-hidden="true">✓</span>}
                </span>
              </th>
              {score.sets.map((set, index) => {
                const won = set[side] > set[other] && index !== current;
                return (
                  <td
                    key={index}
                    className={`px-1.5 text-center ${won ? 'font-bold text-ink-900' : 'text-ink-600'} ${
                      index === current ? 'font-semibold text-ink-900' : ''
                    }`}
                    data-set={index + 1}
                  >
                    {set.superTiebreak ? `[${set[side]}]` : set[side]}
                    {set.tiebreak && index !== current && (
                      <sup className="ml-px text-[10px] font-medium">{set.tiebreak[side]}</sup>
                    )}
                  </td>
                );
              })}
              {!score.finished && (
                <td
                  className={`ml-1 min-w-12 rounded-md bg-ink-900 px-2 text-center font-bold text-white ${
                    large ? 'text-2xl' : 'text-lg'
                  }`}
                  data-testid={`game-${side}`}
                >
                  {score.game[side]}
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
