import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import type { Tournament } from '../api/tournaments';

const cell = 'px-1.5 py-2 text-right tabular-nums sm:px-3';
const head = 'px-1.5 py-2 text-right text-xs font-semibold text-ink-700 sm:px-3';

/** A club night's leaderboard (DESIGN.md §16) as a table: rank, name, played, points, per game, won. */
export function Leaderboard({
  rows,
  labelledBy,
}: {
  rows: NonNullable<Tournament['leaderboard']>;
  /** The id of the heading that names it. */
  labelledBy: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const perGame = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  return (
    // Focusable: at 375 px it may scroll sideways, and the keyboard must reach that too.
    <div
      className="overflow-x-auto rounded-lg ring-1 ring-ink-200"
      tabIndex={0}
      role="group"
      aria-labelledby={labelledBy}
    >
      <table className="w-full bg-white text-sm" data-testid="leaderboard">
        <caption className="sr-only">{t('tournaments.leaderboard')}</caption>
        <thead className="bg-ink-50">
          <tr>
            {[
              t('tournaments.rank'),
              t('tournaments.name'),
              t('tournaments.played'),
              t('tournaments.points'),
              t('tournaments.perGame'),
              t('tournaments.won'),
            ].map((label, index) => (
              <th key={label} scope="col" className={index === 1 ? `${head} text-left` : head}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map((row, index) => (
            <tr key={row.playerId}>
              <td className={cell}>{index + 1}</td>
              <th scope="row" className="px-1.5 py-2 text-left font-medium text-ink-900 sm:px-3">
                {row.name}
              </th>
              <td className={cell}>{row.played}</td>
              <td className={cell}>{row.points}</td>
              <td className={cell}>{perGame.format(row.perGame)}</td>
              <td className={cell}>{row.won}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
