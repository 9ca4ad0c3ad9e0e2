import type { ReactNode } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import type { TvMatch, TvStandings, TvTournament } from '../api/tv';
import { currentRound, STANDINGS_SHOWN } from '../views';

// Type for a screen 5 m away: body text 36–48 px, headings 60 px; colours on brand-950 at 7:1 or more (AAA).

export function ViewSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-1 flex-col gap-6">
      <h2 className="text-6xl font-bold text-brand-200">{title}</h2>
      {children}
    </section>
  );
}

const names = (side: TvMatch['defender']) => side.members.map((member) => member.name).join(' / ');
const setScores = (match: TvMatch) =>
  match.defender.matchSets
    .map((set, i) => [set.score, match.challenger.matchSets[i]?.score] as const)
    .filter(([a, b]) => a !== null && b !== null && b !== undefined)
    .map(([a, b]) => `${a}–${b}`)
    .join('  ');

function MatchRows({ matches, live }: { matches: TvMatch[]; live?: boolean }) {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-col gap-6 text-5xl">
      {matches.map((match) => (
        <li
          key={match.id}
          className="grid grid-cols-[1fr_auto_1fr] items-baseline gap-8"
          data-match={match.id}
        >
          <span className={`text-right ${match.defender.winner ? 'font-bold' : ''}`}>
            {names(match.defender)}
          </span>
          <span className="font-semibold whitespace-nowrap text-brand-200 tabular-nums">
            {setScores(match) || <span className="text-3xl font-normal text-ink-200">{t('tv.versus')}</span>}
            {live && match.live && ` (${match.live.game.defender}–${match.live.game.challenger})`}
          </span>
          <span className={match.challenger.winner ? 'font-bold' : ''}>{names(match.challenger)}</span>
        </li>
      ))}
    </ul>
  );
}

export function LiveMatchesView({ matches }: { matches: TvMatch[] }) {
  const { t } = useTranslation();
  return (
    <ViewSection title={t('tv.live')}>
      <MatchRows matches={matches} live />
    </ViewSection>
  );
}

export function ResultsView({ matches }: { matches: TvMatch[] }) {
  const { t } = useTranslation();
  return (
    <ViewSection title={t('tv.results')}>
      <MatchRows matches={matches} />
    </ViewSection>
  );
}

function Table({
  caption,
  head,
  rows,
  large = false,
}: {
  caption: string;
  head: string[];
  rows: Array<[string, ...ReactNode[]]>;
  /** The whole screen's table (standings): 48 px, else 36 px beside the courts. */
  large?: boolean;
}) {
  return (
    <table className={`w-full text-left tabular-nums ${large ? 'text-5xl' : 'text-4xl'}`}>
      <caption className="sr-only">{caption}</caption>
      <thead className="text-3xl text-ink-200">
        <tr>
          {head.map((cell, i) => (
            <th key={cell} scope="col" className={`pb-3 font-semibold ${i > 1 ? 'text-right' : ''}`}>
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, ...cells]) => (
          <tr key={key} className="border-t border-brand-800">
            {cells.map((cell, i) => (
              <td key={i} className={`py-2 ${i > 1 ? 'text-right' : ''} ${i === 0 ? 'w-32' : ''}`}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function StandingsView({ standings }: { standings: TvStandings }) {
  const { t } = useTranslation();
  const title = [standings.ladder.name, standings.season?.name].filter(Boolean).join(' · ');
  return (
    <ViewSection title={title}>
      <Table
        large
        caption={t('tv.standings')}
        head={[t('tv.position'), t('tv.team'), t('tv.played'), t('tv.won')]}
        rows={standings.teams
          .slice(0, STANDINGS_SHOWN)
          .map((team) => [
            team.teamId,
            team.position,
            team.members.map((member) => member.fullName).join(' / '),
            team.played,
            team.won,
          ])}
      />
    </ViewSection>
  );
}

const perGame = (value: number) => (Math.round(value * 10) / 10).toString();

export function ClubNightView({ night }: { night: TvTournament }) {
  const { t } = useTranslation();
  const round = currentRound(night);
  const nameOf = new Map(
    night.entries.flatMap((entry) => entry.members).map((member) => [member.playerId, member.name]),
  );
  const pair = (ids: string[]) => ids.map((id) => nameOf.get(id) ?? '').join(' & ');
  return (
    <ViewSection title={round ? `${night.name} · ${t('tv.round', { round: round.round })}` : night.name}>
      <div className="grid grid-cols-[3fr_2fr] gap-12">
        <ul className="flex flex-col gap-5 text-4xl">
          {round?.games.map((game) => (
            <li
              key={game.gameId}
              className="rounded-xl border-2 border-brand-700 p-5"
              data-game={game.gameId}
            >
              <p className="text-3xl text-ink-200">{t('tv.court', { court: game.court })}</p>
              <p className="mt-2 grid grid-cols-[1fr_auto_1fr] gap-6">
                <span className="text-right">{pair(game.sideA)}</span>
                <span className="font-bold text-brand-200 tabular-nums">
                  {game.pointsA === undefined ? (
                    <span className="text-3xl font-normal text-ink-200">{t('tv.versus')}</span>
                  ) : (
                    `${game.pointsA}–${game.pointsB ?? 0}`
                  )}
                </span>
                <span>{pair(game.sideB)}</span>
              </p>
            </li>
          ))}
        </ul>
        <div>
          <h3 className="mb-4 text-4xl font-bold">{t('tv.leaderboard')}</h3>
          <Table
            caption={t('tv.leaderboard')}
            head={[t('tv.position'), t('tv.player'), t('tv.points'), t('tv.perGame')]}
            rows={(night.leaderboard ?? [])
              .slice(0, STANDINGS_SHOWN)
              .map((row, i) => [row.playerId, i + 1, row.name, row.points, perGame(row.perGame)])}
          />
        </div>
      </div>
    </ViewSection>
  );
}
