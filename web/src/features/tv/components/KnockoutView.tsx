import { useTranslation } from '../../../hooks/useTranslation';
import { i18n } from '../../../lib/i18n';
import { addTvBracketTexts } from '../../../locales/tv-bracket-texts';
import type { TvDrawMatch, TvMatch } from '../api/tv';
import type { BracketColumn, TvView } from '../views';
import { ViewSection } from './TvViews';

// A lazy chunk of the club TV: only a club with a running knockout loads it (the TV's first JavaScript has a
// budget, docs/performance.md "Initial JavaScript"). Type for 5 m: names 36 px, round names 30 px; colours on
// brand-950 at 7:1 or more (AAA). At most BRACKET_COLUMNS rounds of BRACKET_ROWS matches (views.ts) fill 1920×1080;
// the rounds' columns are as wide as their names need ("To be decided" less), a name longer than its share cut short.

addTvBracketTexts(i18n);

type KnockoutScreen = Extract<TvView, { kind: 'knockout' }>;

/** "Final", "Semi-finals", "Quarter-finals", else "Round n". */
function useRoundName() {
  const { t } = useTranslation();
  return (column: BracketColumn) =>
    [t('tv.bracket.final'), t('tv.bracket.semiFinal'), t('tv.bracket.quarterFinal')][column.fromFinal] ??
    t('tv.round', { round: column.round });
}

/**
 * A running knockout's bracket (DESIGN.md §16): its rounds side by side, each a list of matches with both sides'
 * names ("To be decided" until known), their games per set, the game's points while a match is scored live, and
 * the winner in bold with a check (and "winner" for a screen reader). No control, nothing announced.
 */
export function KnockoutView({ view }: { view: KnockoutScreen }) {
  const { t } = useTranslation();
  const roundName = useRoundName();
  const names = new Map(
    view.knockout.entries.map((entry) => [
      entry.entryId,
      entry.members.map((member) => member.name).join(' & '),
    ]),
  );
  const title = [
    view.knockout.name,
    view.draw === 'plate' ? t('tv.bracket.plate') : '',
    view.part ? t('tv.bracket.part', view.part) : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <ViewSection title={title}>
      <div className="grid flex-1 grid-flow-col gap-6" data-testid="bracket">
        {view.columns.map((column) => {
          const name = roundName(column);
          return (
            <div key={column.round} className="flex min-w-0 flex-col gap-3">
              <h3 className="text-3xl font-semibold text-ink-200">{name}</h3>
              <ol aria-label={name} className="flex flex-1 flex-col justify-around gap-2">
                {column.matches.map((match) => (
                  <BracketMatch
                    key={match.matchId}
                    match={match}
                    score={view.scores[match.matchId]}
                    names={names}
                  />
                ))}
              </ol>
            </div>
          );
        })}
      </div>
    </ViewSection>
  );
}

function BracketMatch({
  match,
  score,
  names,
}: {
  match: TvDrawMatch;
  score: TvMatch | undefined;
  names: Map<string, string>;
}) {
  const live = score?.status === 'planned' && !!score.live && !score.live.finished ? score.live : undefined;
  return (
    <li
      className={`rounded-xl border-2 px-4 py-0.5 ${live ? 'border-brand-200' : 'border-brand-700'}`}
      data-match={match.matchId}
      data-live={live ? 'true' : undefined}
    >
      {(['defender', 'challenger'] as const).map((side) => {
        // The draw's side A is the match's defender, side B its challenger.
        const entryId = side === 'defender' ? match.sideA : match.sideB;
        return (
          <SideLine
            key={side}
            entryId={entryId}
            name={entryId === null ? undefined : names.get(entryId)}
            winner={match.winner}
            side={score?.[side]}
            game={live?.game[side]}
            walkover={score?.status === 'walkover'}
          />
        );
      })}
    </li>
  );
}

/** One side of a bracket match: name, games per set, the live game's points; the winner bold and checked. */
function SideLine({
  entryId,
  name,
  winner,
  side,
  game,
  walkover,
}: {
  entryId: string | null;
  name: string | undefined;
  winner: string | undefined;
  side: TvMatch['defender'] | undefined;
  game: string | undefined;
  walkover: boolean;
}) {
  const { t } = useTranslation();
  const won = entryId !== null && winner === entryId;
  const sets = (side?.matchSets ?? []).flatMap((set) => (set.score === null ? [] : [set.score]));
  return (
    <p className="flex items-baseline gap-4 text-4xl">
      <span
        className={`min-w-0 flex-1 truncate ${won ? 'font-bold text-white' : entryId === null || winner ? 'text-ink-200' : ''}`}
      >
        {name ?? t('tv.bracket.toBeDecided')}
        {won && <span className="sr-only"> ({t('tv.bracket.winner')})</span>}
      </span>
      {won && (
        <span aria-hidden="true" className="font-bold text-brand-200">
          ✓
        </span>
      )}
      {walkover && won ? (
        <span className="text-3xl text-ink-200">{t('tv.bracket.walkover')}</span>
      ) : (
        sets.length > 0 && <span className={`tabular-nums ${won ? 'font-bold' : ''}`}>{sets.join(' ')}</span>
      )}
      {game !== undefined && (
        <span className="min-w-[2.5em] rounded-md bg-brand-200 px-2 text-center font-bold text-brand-950 tabular-nums">
          {game}
        </span>
      )}
    </p>
  );
}
