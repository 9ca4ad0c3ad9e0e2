import { memo, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../../hooks/useTranslation';
import { useHydrating } from '../../../hooks/useHydrating';
import { primaryButtonClass, secondaryButtonClass } from '../../../components/forms/styles';
import { useLocale } from '../../../hooks/useLocale';
import { formatDay } from '../../../lib/dates';
import { pagePath } from '../../../lib/locale';
import { PlayerNames } from '../../../components/players/PlayerNames';
import { memberNames } from '../../../lib/team-name';
import type { StandingsRow } from '../api/ladders';
import { challengeChip, movementOf, type ChallengeChip } from '../standings-model';
import type { ChallengeRefusal } from '../../../lib/challenges-api';
import type { TFunction } from '../../../lib/i18n';
import type { FocusTarget } from '../focus-row';

export type ChallengeAction = 'challenge' | 'accept' | 'decline' | 'withdraw';

interface StandingsTableProps {
  rows: StandingsRow[];
  /** The caller's active teams in this season. */
  mine: ReadonlySet<string>;
  minimumPlayedMatches: number | undefined;
  /** The row whose action is under way (its buttons are disabled). */
  busyTeamId: string | undefined;
  onAction(action: ChallengeAction, row: StandingsRow): void;
  /** After an action: where the focus goes once the rows show its outcome. */
  focusAfter?: FocusTarget;
  onFocused?(): void;
}

const smallButton = 'px-3 py-1.5 text-xs';

/**
 * Rows the app renders at once when it draws the table itself; the rest follow in a render that yields to the
 * browser every few milliseconds. A table taken over from the first paint (rendered by the api with every row, and
 * hydrated in slices by main.tsx) starts with every row: they are on the screen already.
 */
const ROWS_AT_ONCE = 25;

/**
 * The standings (DESIGN.md §5 "Standings"): position with its last move, team (with the live challenge as a
 * chip), played, won–lost, last played and, for a signed-in caller, the challenge action or why not. At
 * phone width only position, team, W–L and the action stay.
 */
export function StandingsTable({
  rows,
  mine,
  minimumPlayedMatches,
  busyTeamId,
  onAction,
  focusAfter,
  onFocused,
}: StandingsTableProps) {
  const { t } = useTranslation();
  const signedIn = rows.some((row) => row.canChallenge !== undefined);
  const belowMinimum = rows.some((row) => !row.minimumMet);
  const hydrating = useHydrating();
  const shownRows = useDeferredValue(
    rows,
    hydrating || rows.length <= ROWS_AT_ONCE ? rows : rows.slice(0, ROWS_AT_ONCE),
  );
  const table = useRef<HTMLTableElement>(null);
  // The rows are memoised: one action handler for the table's life, calling the latest one given.
  const latestOnAction = useRef(onAction);
  useLayoutEffect(() => {
    latestOnAction.current = onAction;
  });
  const stableOnAction = useCallback(
    (action: ChallengeAction, row: StandingsRow) => latestOnAction.current(action, row),
    [],
  );
  // Once the rows shown are the rows given (a deferred render may still show the ones before the action).
  useEffect(() => {
    if (!focusAfter || shownRows !== rows) return;
    // Its code loads when first needed: a visitor who never acts does not carry it (the page's size budget).
    const done = focusAfter;
    onFocused?.();
    void import('../focus-row').then(({ focusTarget }) => focusTarget(table.current, done));
  }, [focusAfter, shownRows, rows, onFocused]);

  return (
    <>
      <table ref={table} className="w-full text-left text-sm" data-testid="standings">
        <thead className="border-b border-ink-200 bg-ink-50 text-xs font-semibold tracking-wide text-ink-500 uppercase">
          <tr>
            <th scope="col" className="w-12 py-2.5 pr-1 pl-3 sm:w-20 sm:pl-5">
              {t('ladders.position')}
            </th>
            <th scope="col" className="px-2 py-2.5 sm:px-4">
              {t('ladders.team')}
            </th>
            <th scope="col" className="hidden px-4 py-2.5 text-right sm:table-cell">
              {t('ladders.rating')}
            </th>
            <th scope="col" className="hidden px-4 py-2.5 text-right sm:table-cell">
              {t('ladders.played')}
            </th>
            <th scope="col" className="px-2 py-2.5 text-center whitespace-nowrap sm:px-4">
              {t('ladders.wonLost')}
            </th>
            <th scope="col" className="hidden px-4 py-2.5 md:table-cell">
              {t('ladders.lastPlayed')}
            </th>
            {signedIn && (
              <th scope="col" className="py-2.5 pr-3 pl-2 text-right sm:pr-5">
                <span className="sr-only">{t('ladders.action')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {shownRows.map((row) => (
            <StandingsRowView
              key={row.teamId}
              row={row}
              own={mine.has(row.teamId)}
              chip={row.challenge ? challengeChip(row, row.challenge, rows, mine) : undefined}
              signedIn={signedIn}
              busy={busyTeamId !== undefined}
              minimumPlayedMatches={minimumPlayedMatches}
              onAction={stableOnAction}
            />
          ))}
        </tbody>
      </table>
      {belowMinimum && minimumPlayedMatches !== undefined && (
        <p className="border-t border-ink-100 px-3 py-2.5 text-xs text-ink-500 sm:px-5">
          {t('ladders.belowMinimumNote', { count: minimumPlayedMatches })}
        </p>
      )}
    </>
  );
}

interface StandingsRowViewProps {
  row: StandingsRow;
  own: boolean;
  chip: ChallengeChip | undefined;
  signedIn: boolean;
  busy: boolean;
  minimumPlayedMatches: number | undefined;
  onAction(action: ChallengeAction, row: StandingsRow): void;
}

const cellX = 'px-2 py-3 sm:px-4';

/**
 * One team's row. Memoised, with the rows read again kept as the same objects where unchanged (lib/keep-equal.ts):
 * a live change renders the rows that changed, not all of a 100-team ladder on a phone's main thread.
 */
const StandingsRowView = memo(function StandingsRowView({
  row,
  own,
  chip,
  signedIn,
  busy,
  minimumPlayedMatches,
  onAction,
}: StandingsRowViewProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const name = memberNames(row.members);
  const move = movementOf(row.movement);
  return (
    <tr
      key={row.teamId}
      className={own ? 'bg-lime-50' : undefined}
      data-testid="standings-row"
      data-team-id={row.teamId}
    >
      <td className="py-3 pr-1 pl-3 align-top whitespace-nowrap sm:pl-5">
        <span className="font-semibold text-ink-900 tabular-nums">{row.position}</span>
        {move && (
          <span
            className={`ml-1.5 hidden text-xs font-semibold sm:inline ${move.direction === 'up' ? 'text-brand-700' : 'text-red-700'}`}
            data-testid="movement"
            title={t(`ladders.movement${move.direction === 'up' ? 'Up' : 'Down'}Label`, {
              count: move.count,
            })}
          >
            {t(`ladders.movement${move.direction === 'up' ? 'Up' : 'Down'}`, { count: move.count })}
          </span>
        )}
      </td>
      <td className={`${cellX} align-top break-words text-ink-900`}>
        <span data-testid="team-name">
          <PlayerNames members={row.members} />
        </span>
        {!row.minimumMet && (
          <abbr
            className="ml-0.5 font-semibold text-amber-700 no-underline"
            title={t('ladders.belowMinimum', { count: minimumPlayedMatches ?? 0 })}
            data-testid="below-minimum"
          >
            *
          </abbr>
        )}
        {row.pausedUntil && (
          <span
            className="mt-1 flex w-fit rounded-lg bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-900 ring-1 ring-sky-200 ring-inset"
            data-testid="paused-until"
          >
            {t('paused.until', { day: formatDay(row.pausedUntil, locale) })}
          </span>
        )}
        {chip && <Chip chip={chip} />}
      </td>
      <td className="hidden px-4 py-3 text-right align-top text-ink-700 tabular-nums sm:table-cell">
        {row.rating?.toLocaleString(locale)}
        {row.rating !== undefined && row.provisional && (
          <abbr className="ml-0.5 text-ink-500 no-underline" title={t('ladders.provisional')}>
            ?
          </abbr>
        )}
      </td>
      <td className="hidden px-4 py-3 text-right align-top text-ink-700 tabular-nums sm:table-cell">
        {row.played}
      </td>
      <td
        className={`${cellX} text-center align-top whitespace-nowrap text-ink-700 tabular-nums`}
        title={t('ladders.wonLostLabel', { won: row.won, lost: row.lost })}
      >
        {row.won}–{row.lost}
      </td>
      <td className="hidden px-4 py-3 align-top whitespace-nowrap text-ink-600 md:table-cell">
        {row.lastPlayedAt ? formatDay(row.lastPlayedAt.slice(0, 10), locale) : t('ladders.neverPlayed')}
      </td>
      {signedIn && (
        <td className="py-2.5 pr-3 pl-2 text-right align-top sm:pr-5">
          <Action row={row} own={own} name={name} chip={chip} busy={busy} onAction={onAction} />
        </td>
      )}
    </tr>
  );
}, sameRowProps);

function sameRowProps(before: StandingsRowViewProps, after: StandingsRowViewProps): boolean {
  return (
    before.row === after.row &&
    before.own === after.own &&
    before.signedIn === after.signedIn &&
    before.busy === after.busy &&
    before.minimumPlayedMatches === after.minimumPlayedMatches &&
    before.onAction === after.onAction &&
    JSON.stringify(before.chip) === JSON.stringify(after.chip)
  );
}

function Action({
  row,
  own,
  name,
  chip,
  busy,
  onAction,
}: {
  row: StandingsRow;
  own: boolean;
  name: string;
  chip: ChallengeChip | undefined;
  busy: boolean;
  onAction(action: ChallengeAction, row: StandingsRow): void;
}) {
  const { t } = useTranslation();
  if (row.canChallenge) {
    return (
      <button
        type="button"
        className={`${primaryButtonClass} ${smallButton}`}
        aria-label={t('ladders.challengeTeam', { team: name })}
        data-action="challenge"
        disabled={busy}
        onClick={() => onAction('challenge', row)}
      >
        {t('ladders.challenge')}
      </button>
    );
  }
  if (chip && chip.actions.length > 0) {
    return (
      <span className="inline-flex flex-col items-end gap-1.5 sm:flex-row sm:justify-end">
        {chip.actions.map((action) => (
          <button
            key={action}
            type="button"
            className={`${action === 'accept' ? primaryButtonClass : secondaryButtonClass} ${smallButton}`}
            data-action={action}
            disabled={busy}
            onClick={() => onAction(action, row)}
          >
            {t(`ladders.${action}`)}
          </button>
        ))}
      </span>
    );
  }
  if (own)
    return (
      <span className="mt-0.5 inline-block text-xs font-medium text-ink-600">{t('ladders.yourTeam')}</span>
    );
  if (!row.challengeRefusal) return null;
  return (
    <span
      className="mt-0.5 inline-block max-w-28 cursor-help text-xs leading-tight text-ink-500 underline decoration-ink-300 decoration-dotted underline-offset-2 sm:max-w-none"
      title={refusalText(t, row.challengeRefusal, 'reason')}
      data-testid="challenge-refusal"
      data-reason={row.challengeRefusal}
    >
      {refusalText(t, row.challengeRefusal, 'short')}
      <span className="sr-only">: {refusalText(t, row.challengeRefusal, 'reason')}</span>
    </span>
  );
}

function Chip({ chip }: { chip: ChallengeChip }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const position = chip.otherPosition ?? '?';
  const text =
    chip.kind === 'matchPlanned'
      ? chip.deadline
        ? t('ladders.chip.matchPlanned', { position, day: formatDay(chip.deadline, locale) })
        : t('ladders.chip.matchPlannedShort', { position })
      : t(`ladders.chip.${chip.kind}`, { position, day: formatDay(chip.deadline ?? '', locale) });
  const tone =
    chip.kind === 'matchPlanned' || chip.kind === 'resultPending'
      ? 'bg-brand-50 text-brand-900 ring-brand-200'
      : 'bg-amber-50 text-amber-900 ring-amber-200';
  const className = `mt-1 flex w-fit max-w-full rounded-lg px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tone}`;
  // An accepted challenge's chip leads to its match: where the result is entered, confirmed or disputed.
  if (chip.matchId)
    return (
      <Link
        to={`${pagePath('matches', locale)}?match=${encodeURIComponent(chip.matchId)}`}
        className={`${className} underline decoration-current/40 underline-offset-2 hover:decoration-current`}
        data-testid="challenge-chip"
      >
        {text}
      </Link>
    );
  return (
    <span className={className} data-testid="challenge-chip">
      {text}
    </span>
  );
}

/** A challenge refusal in words: its short label or its reason (a paused team's from the paused texts, §9). */
export function refusalText(t: TFunction, code: ChallengeRefusal, kind: 'short' | 'reason'): string {
  if (code === 'PAUSED') return t(kind === 'short' ? 'paused.refusal' : 'paused.reason');
  return t(kind === 'short' ? `ladders.refusals.${code}` : `ladders.refusalReasons.${code}`);
}
