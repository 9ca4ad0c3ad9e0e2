import { useId, useMemo, useState } from 'react';
import { useTranslation } from '../../../hooks/useTranslation';
import {
  getRatingChanges,
  getVersus,
  useLoaded,
  type Player,
  type RatingChange,
} from '../api/player-ratings';
import { RatingChart } from './RatingChart';
import { formatDay } from '../../../lib/dates';
import { toLocale } from '../../../lib/locale';
import { i18n } from '../../../lib/i18n';
import { addPlayerTexts } from '../../../locales/player-texts';

addPlayerTexts(i18n);

const whole = (value: number, locale: string) => Math.round(value).toLocaleString(locale);
const signed = (value: number, locale: string) =>
  `${value >= 0 ? '+' : '−'}${Math.abs(Math.round(value)).toLocaleString(locale)}`;

/** One change in words (DESIGN.md §11): the chance before the match, the opponents, and how far it moved. */
function useExplained() {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (change: RatingChange) =>
    t(change.won ? 'player.explainedWon' : 'player.explainedLost', {
      chance: Math.round(change.expected * 100),
      opponents: change.opponents
        .map((opponent) => `${opponent.name} (${whole(opponent.rating, locale)})`)
        .join(t('player.and')),
      delta: signed(change.after - change.before, locale),
    });
}

interface RatingProps {
  companyName: string;
  rating: Player['companies'][number]['ratings'][number];
  /** This rating's changes, oldest first, once loaded. */
  changes: RatingChange[] | 'failed' | undefined;
}

function Rating({ companyName, rating, changes }: RatingProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const explained = useExplained();
  const sport = t(`matchCard.sports.${rating.sportsCategory}`);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-ink-200 bg-white p-4 shadow-sm">
      <h3 id={headingId} className="text-base font-semibold text-ink-900">
        {companyName} · {sport}
      </h3>
      <p className="mt-1 text-ink-700">
        <span className="text-2xl font-semibold text-ink-900">{whole(rating.rating, locale)}</span>{' '}
        {t('player.deviation', { deviation: whole(rating.deviation, locale) })}
        {rating.provisional && (
          <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">
            {t('player.provisional')}
          </span>
        )}
      </p>
      {Array.isArray(changes) && changes.length > 0 && (
        <>
          <RatingChart
            changes={changes}
            label={t('player.chart', {
              from: whole(changes[0]!.before, locale),
              to: whole(changes.at(-1)!.after, locale),
              count: changes.length,
            })}
          />
          <details className="mt-2">
            <summary className="cursor-pointer rounded text-brand-800 underline">
              {t('player.changes')}
            </summary>
            <table className="mt-2 w-full text-left text-sm">
              <caption className="sr-only">
                {t('player.changesCaption', { name: `${companyName} · ${sport}` })}
              </caption>
              <thead>
                <tr className="text-ink-600">
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('player.date')}
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    {t('player.rating')}
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    {t('player.why')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {changes.map((change) => (
                  <tr key={change.matchId} className="border-t border-ink-100 align-top">
                    <td className="py-1 pr-2 whitespace-nowrap">{formatDay(change.at, toLocale(locale))}</td>
                    <td className="py-1 pr-2 whitespace-nowrap">{whole(change.after, locale)}</td>
                    <td className="py-1">{explained(change)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
      {changes === 'failed' && <p className="mt-2 text-red-800">{t('player.failed')}</p>}
    </section>
  );
}

function HeadToHead({ playerId, opponents }: { playerId: string; opponents: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  const selectId = useId();
  const [opponentId, setOpponentId] = useState('');
  const versus = useLoaded(`${playerId} ${opponentId}`, (signal) =>
    opponentId ? getVersus(playerId, opponentId, signal) : Promise.resolve(undefined),
  );
  if (opponents.size === 0) return null;
  return (
    <div className="mt-6">
      <label htmlFor={selectId} className="block font-medium text-ink-900">
        {t('player.headToHead')}
      </label>
      <select
        id={selectId}
        value={opponentId}
        onChange={(event) => setOpponentId(event.target.value)}
        className="mt-1 w-full max-w-sm rounded-md border border-ink-300 bg-white px-3 py-2"
      >
        <option value="">{t('player.chooseOpponent')}</option>
        {[...opponents].map(([id, name]) => (
          <option key={id} value={id}>
            {name}
          </option>
        ))}
      </select>
      <p aria-live="polite" className="mt-2 text-ink-800">
        {versus.kind === 'loaded' &&
          versus.value &&
          t('player.versus', {
            played: versus.value.played,
            won: versus.value.wonByA,
            lost: versus.value.wonByB,
          })}
      </p>
    </div>
  );
}

/** The ratings part of a player's page (DESIGN.md §11): each rating with its history, the record, head-to-head. */
export function PlayerRatings({ player }: { player: Player }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { record } = player;
  const ratings = player.companies.flatMap((company) =>
    company.ratings.map((rating) => ({ company, rating })),
  );
  const changes = useLoaded(
    `${player.playerId} ${ratings.map(({ company, rating }) => `${company.companyId}:${rating.sportsCategory}`)}`,
    (signal) =>
      Promise.all(
        ratings.map(({ company, rating }) =>
          getRatingChanges(player.playerId, company.companyId, rating.sportsCategory, signal),
        ),
      ),
  );
  const opponents = useMemo(() => {
    const names = new Map<string, string>();
    if (changes.kind !== 'loaded') return names;
    for (const change of changes.value.flat())
      for (const opponent of change.opponents) names.set(opponent.playerId, opponent.name);
    return names;
  }, [changes]);
  return (
    <section aria-labelledby={headingId} className="mb-8 sm:mb-10">
      <h2 id={headingId} className="mb-3 text-sm font-semibold tracking-wide text-ink-600 uppercase">
        {t('player.ratings')}
      </h2>
      <p className="mb-4 text-ink-800">
        {t('player.record', { played: record.played, won: record.won, lost: record.lost })}
        {record.streak &&
          ` ${t(record.streak.result === 'W' ? 'player.streakWon' : 'player.streakLost', {
            count: record.streak.count,
          })}`}
      </p>
      {player.companies.length === 0 ? (
        <p className="text-ink-700">{t('player.unrated')}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {ratings.map(({ company, rating }, index) => (
            <Rating
              key={`${company.companyId} ${rating.sportsCategory}`}
              companyName={company.name}
              rating={rating}
              changes={
                changes.kind === 'loaded'
                  ? changes.value[index]
                  : changes.kind === 'loading'
                    ? undefined
                    : 'failed'
              }
            />
          ))}
        </div>
      )}
      <HeadToHead playerId={player.playerId} opponents={opponents} />
    </section>
  );
}
