import { useTranslation } from '../../../hooks/useTranslation';
import { useLocale } from '../../../hooks/useLocale';
import type { Tournament } from '../api/tournaments';

const cell = 'px-1.5 py-2 text-right tabular-nums sm:px-3';
const head = 'px-1.5 py-2 text-xs font-semibold text-ink-700 sm:px-3';

/**
 * A club night's leaderboard (DESIGN.md §16) as a table: rank, name, played, points, per game, won. It fits 375 px
 * without scrolling sideways: below `sm` the number columns show short headings ("Pts"), each column still named
 * in full for a screen reader; a long name wraps anywhere.
 */
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
  const columns = [
    [t('tournaments.rank'), t('tournaments.short.rank')],
    [t('tournaments.name'), undefined],
    [t('tournaments.played'), t('tournaments.short.played')],
    [t('tournaments.points'), t('tournaments.short.points')],
    [t('tournaments.perGame'), t('tournaments.short.perGame')],
    [t('tournaments.won'), t('tournaments.short.won')],
  ] as const;
  return (
    <div className="rounded-lg ring-1 ring-ink-200" role="group" aria-labelledby={labelledBy}>
      <table className="w-full bg-white text-sm" data-testid="leaderboard">
        <caption className="sr-only">{t('tournaments.leaderboard')}</caption>
        <thead className="bg-ink-50">
          <tr>
            {columns.map(([label, short], index) => (
              <th key={label} scope="col" className={`${head} ${index === 1 ? 'text-left' : 'text-right'}`}>
                {short === undefined ? (
                  label
                ) : (
                  <>
                    <span aria-hidden="true" className="sm:hidden">
                      {short}
                    </span>
                    <span className="sr-only sm:not-sr-only">{label}</span>
                  </>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.map((row, index) => (
            <tr key={row.playerId}>
              <td className={cell}>{index + 1}</td>
              <th
                scope="row"
                className="px-1.5 py-2 text-left font-medium wrap-anywhere text-ink-900 sm:px-3"
              >
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
