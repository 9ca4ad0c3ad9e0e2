import { shownName } from '../../../lib/team-name';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { pagePath } from '@courtside/events/page-paths';
import { useTranslation } from '../../../hooks/useTranslation';
import { MAX_SETS } from '@courtside/events/matches/scoring';
import { digitsOnly, parseNumberInput as parseScore } from '../../../lib/number-input';
import { useLocale } from '../../../hooks/useLocale';
import {
  hasTiebreak,
  isAllowedScoreKey,
  looksLikeTiebreakSet,
  shortName as toShortName,
  teamLink,
} from '../model';
import { SPECIALS, type MatchSet, type MatchTeam, type Side, type Special } from '../api/matches';

/**
 * Match-score widget (spec §2 "Match-score widget", §4 "Match"): one side of a match.
 *
 * - A team block: a link to the team's `url` (its matches), or a plain block in widget mode.
 * - The members with name and the team's position; the name is plain text in widget mode, else a
 *   link to that player's page (DESIGN.md §19 "Player pages"; it lists their matches too). The signed-in user's own
 *   entry (`itsMe`) is highlighted.
 * - Read-only: a row of set scores; a tiebreak score as a small superscript (7⁵), a super tiebreak
 *   in square brackets ([10]); won sets highlighted.
 * - Editable: one score input per set (`setCount`, at most 5), digit keys only; a tiebreak input per
 *   set, shown only when the set has a tiebreak score on either side (a small "+ TB" button adds
 *   one to a 7–6 set); a special-status selector (none, retired, walkover). Leaving a field sends
 *   the changed team to `onChange`; a key press sends it only when the field is not empty.
 * - Flags: `shortName` (first name and initial), `widget` (plain text, no links), `onlyOne` (only the
 *   first member, "+1" for the rest).
 */
interface MatchScoreWidgetProps {
  team: MatchTeam;
  side: Side;
  /** The other side: tiebreak inputs show when either side of a set has a tiebreak score. */
  opponent?: MatchTeam;
  editable?: boolean;
  /** Set columns to show (read-only) or inputs (editable); at most 5. */
  setCount?: number;
  widget?: boolean;
  shortName?: boolean;
  onlyOne?: boolean;
  /** Shows "Defender"/"Challenger" above the members (default true). */
  showRole?: boolean;
  /** A match scored live (DESIGN.md §7): this side's score in the game being played, and whether it serves. */
  live?: { game: string; serving: boolean };
  /** Sets (0-based) this side has no games for while the other side has: marked invalid, described by `errorId`. */
  missingSets?: number[];
  errorId?: string;
  onChange?: (team: MatchTeam) => void;
}

interface Draft {
  scores: string[];
  tiebreaks: string[];
}

function draftOf(team: MatchTeam, count: number): Draft {
  return {
    scores: Array.from({ length: count }, (_, i) => String(team.matchSets[i]?.score ?? '')),
    tiebreaks: Array.from({ length: count }, (_, i) => String(team.matchSets[i]?.tiebreakScore ?? '')),
  };
}

function teamOf(team: MatchTeam, draft: Draft, special: Special = team.special): MatchTeam {
  const matchSets: MatchSet[] = draft.scores.map((score, index) => {
    const before = team.matchSets[index];
    const tiebreakScore = parseScore(draft.tiebreaks[index] ?? '');
    return {
      order: index + 1,
      score: parseScore(score),
      ...(tiebreakScore !== null ? { tiebreakScore } : {}),
      winner: before?.winner ?? false,
      superTiebreak: before?.superTiebreak ?? false,
    };
  });
  return { ...team, matchSets, special };
}

const EDIT_KEYS = /^(\d|Backspace|Delete)$/;

export function MatchScoreWidget({
  team,
  side,
  opponent,
  editable = false,
  setCount,
  widget = false,
  shortName = false,
  onlyOne = false,
  showRole = true,
  live,
  missingSets = [],
  errorId,
  onChange,
}: MatchScoreWidgetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const count = Math.min(
    MAX_SETS,
    setCount ?? Math.max(team.matchSets.length, opponent?.matchSets.length ?? 0),
  );

  // Editing: the inputs keep their own text while focused; otherwise they follow the team.
  const focused = useRef(false);
  const [draft, setDraft] = useState<Draft>(() => draftOf(team, count));
  const [opened, setOpened] = useState<ReadonlySet<number>>(new Set());
  const syncKey = useMemo(() => JSON.stringify(draftOf(team, count)), [team, count]);
  useEffect(() => {
    if (!focused.current) setDraft(JSON.parse(syncKey) as Draft);
  }, [syncKey]);

  const emit = (next: Draft, special?: Special) => onChange?.(teamOf(team, next, special));

  const roleLabel = side === 'defender' ? t('matchCard.defender') : t('matchCard.challenger');
  const members = onlyOne ? team.members.slice(0, 1) : team.members;
  const hidden = team.members.length - members.length;

  const fieldProps = (kind: keyof Draft, index: number, label: string) => ({
    type: 'text',
    inputMode: 'numeric' as const,
    pattern: '[0-9]*',
    maxLength: 2,
    autoComplete: 'off',
    'aria-label': label,
    value: draft[kind][index] ?? '',
    onFocus: () => {
      focused.current = true;
    },
    onClick: (event: { currentTarget: HTMLInputElement }) => event.currentTarget.select(),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (!isAllowedScoreKey(event.key, event.ctrlKey || event.metaKey || event.altKey))
        event.preventDefault();
    },
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = digitsOnly(event.currentTarget.value);
      setDraft((current) => {
        const values = [...current[kind]];
        values[index] = value;
        return { ...current, [kind]: values };
      });
    },
    onKeyUp: (event: KeyboardEvent<HTMLInputElement>) => {
      const value = digitsOnly(event.currentTarget.value);
      if (value === '' || !EDIT_KEYS.test(event.key)) return;
      const values = [...draft[kind]];
      values[index] = value;
      emit({ ...draft, [kind]: values });
    },
    onBlur: (event: { currentTarget: HTMLInputElement }) => {
      focused.current = false;
      const values = [...draft[kind]];
      values[index] = digitsOnly(event.currentTarget.value);
      emit({ ...draft, [kind]: values });
    },
  });

  const teamHeader = showRole && (
    <div className="flex items-center gap-1.5 text-[11px] font-semibold tracking-wide text-ink-500 uppercase">
      {widget || !team.url ? (
        <span>{roleLabel}</span>
      ) : (
        <Link
          to={teamLink(team.url, locale)}
          // 24 px tall to the finger (WCAG 2.5.8) without moving the card: the padding is taken back by the margin.
          className="-my-1 inline-block rounded-sm py-1 hover:text-brand-700 hover:underline"
          title={t('matchCard.teamMatches')}
        >
          {roleLabel}
        </Link>
      )}
      {team.winner && <WinnerMark />}
    </div>
  );

  const memberList = (
    <ul className={`min-w-0 ${widget ? 'text-sm' : 'text-sm sm:text-base'}`}>
      {members.map((member) => {
        const name = shortName ? toShortName(shownName(member.name)) : shownName(member.name);
        // A team that left the ladder has no position: nothing is said, a dash keeps the names aligned.
        const position = member.position ?? team.position ?? null;
        return (
          <li
            key={member.id}
            className="flex min-w-0 items-baseline gap-1.5"
            data-its-me={member.itsMe || undefined}
          >
            <span
              className="shrink-0 text-xs font-semibold text-ink-500 tabular-nums"
              data-testid="member-position"
              aria-label={position === null ? undefined : t('matchCard.position', { position })}
              aria-hidden={position === null || undefined}
            >
              {position === null ? '–' : `#${position}`}
            </span>
            <span
              className={`-my-0.5 min-w-0 truncate py-0.5 ${
                member.itsMe
                  ? 'rounded bg-lime-100 px-1 font-semibold text-brand-900 ring-1 ring-lime-300'
                  : '-mx-0.5 px-0.5'
              } ${team.winner ? 'font-semibold text-ink-900' : 'text-ink-800'}`}
            >
              {widget ? (
                name
              ) : (
                <Link
                  to={pagePath('player', locale, member.id)}
                  // Underlined as every player's name is (PlayerNames): a name that looks like text is not known
                  // to lead anywhere. Written out here: importing it put PlayerNames into the widget's first load.
                  className="rounded-sm underline decoration-ink-300 underline-offset-2 hover:text-brand-700 hover:decoration-brand-700 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-700"
                >
                  {name}
                </Link>
              )}
            </span>
            {member.itsMe && <span className="sr-only">{t('matchCard.you')}</span>}
            {!showRole && team.winner && member === members[members.length - 1] && <WinnerMark compact />}
          </li>
        );
      })}
      {hidden > 0 && <li className="text-xs text-ink-500">+{hidden}</li>}
    </ul>
  );

  if (!editable) {
    return (
      <div className="flex items-center gap-3" data-testid={`side-${side}`}>
        <div className="min-w-0 flex-1">
          {teamHeader}
          {memberList}
        </div>
        {team.special !== 'none' && (
          <span className="shrink-0 rounded bg-amber-50 px-1.5 py-0.5 text-[11px] font-semibold text-amber-800 ring-1 ring-amber-200">
            {t(`matchCard.special.${team.special}`)}
          </span>
        )}
        <div className="flex shrink-0" data-testid="set-scores">
          {Array.from({ length: count }, (_, index) => (
            <SetScore key={index} set={team.matchSets[index]} index={index} />
          ))}
        </div>
        {live && (
          <span className="relative flex h-7 w-10 shrink-0 items-center justify-center rounded bg-ink-900 text-sm font-bold text-white tabular-nums">
            {live.serving && (
              <span
                className="absolute -left-2.5 size-2 rounded-full bg-lime-500"
                title={t('matchCard.serves')}
                data-testid="live-server"
              >
                <span className="sr-only">{t('matchCard.serves')}</span>
              </span>
            )}
            <span data-testid="live-game">{live.game}</span>
          </span>
        )}
      </div>
    );
  }

  const name = team.members.map((member) => shownName(member.name)).join(', ');
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3" data-testid={`side-${side}`}>
      <div className="min-w-0 flex-1">
        {teamHeader}
        {memberList}
        <label className="mt-1.5 flex items-center gap-2 text-xs text-ink-600">
          <span>{t('matchCard.specialLabel')}</span>
          <select
            value={team.special}
            aria-label={t('matchCard.specialFor', { name })}
            onChange={(event) => emit(draft, event.currentTarget.value as Special)}
            className="rounded-md border-0 bg-white py-1 pr-7 pl-2 text-xs text-ink-900 ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600"
          >
            {SPECIALS.map((special) => (
              <option key={special} value={special}>
                {t(`matchCard.specialOption.${special}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="flex shrink-0 items-start gap-1.5" data-testid="set-inputs">
        {Array.from({ length: count }, (_, index) => {
          const showTiebreak = opened.has(index) || hasTiebreak(team, opponent, index);
          const offerTiebreak =
            !showTiebreak &&
            looksLikeTiebreakSet(parseScore(draft.scores[index] ?? ''), opponent?.matchSets[index]?.score);
          const setNumber = index + 1;
          return (
            <div key={index} className="flex w-10 flex-col items-center gap-1">
              <input
                {...fieldProps('scores', index, t('matchCard.setScore', { set: setNumber, name }))}
                {...(missingSets.includes(index)
                  ? { 'aria-invalid': true, 'aria-describedby': errorId }
                  : {})}
                className={`h-10 w-10 rounded-md border-0 bg-white text-center text-base font-semibold text-ink-900 tabular-nums ring-1 ring-ink-300 ring-inset focus:ring-2 focus:ring-brand-600 aria-invalid:ring-2 aria-invalid:ring-red-600 ${
                  team.matchSets[index]?.winner ? 'bg-brand-50 ring-brand-400' : ''
                }`}
              />
              {showTiebreak ? (
                <input
                  {...fieldProps('tiebreaks', index, t('matchCard.tiebreakScore', { set: setNumber, name }))}
                  placeholder={t('matchCard.tiebreakShort')}
                  autoFocus={opened.has(index) && !hasTiebreak(team, opponent, index)}
                  className="h-7 w-10 rounded-md border-0 bg-white text-center text-xs text-ink-900 tabular-nums ring-1 ring-ink-300 ring-inset placeholder:text-ink-400 focus:ring-2 focus:ring-brand-600"
                />
              ) : offerTiebreak ? (
                <button
                  type="button"
                  onClick={() => setOpened((current) => new Set(current).add(index))}
                  className="h-7 w-10 rounded-md text-[11px] font-semibold text-brand-700 hover:bg-brand-50"
                  aria-label={t('matchCard.addTiebreak', { set: setNumber, name })}
                  title={t('matchCard.addTiebreak', { set: setNumber, name })}
                >
                  + {t('matchCard.tiebreakShort')}
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
    </div>
  );
}

function SetScore({ set, index }: { set: MatchSet | undefined; index: number }) {
  const { t } = useTranslation();
  const score = set?.score ?? null;
  const won = set?.winner ?? false;
  const text = score === null ? '–' : set?.superTiebreak ? `[${score}]` : String(score);
  const label =
    score === null
      ? t('matchCard.setEmpty', { set: index + 1 })
      : set?.tiebreakScore !== undefined
        ? t('matchCard.setWithTiebreak', { set: index + 1, score, tiebreak: set.tiebreakScore })
        : t('matchCard.setPlain', { set: index + 1, score });
  return (
    <span
      className={`relative inline-flex h-7 ${set?.superTiebreak ? 'w-11' : 'w-8'} items-center justify-center rounded text-base tabular-nums ${
        won ? 'bg-brand-50 font-bold text-brand-800' : score === null ? 'text-ink-300' : 'text-ink-600'
      }`}
      aria-label={label}
      data-set={index + 1}
      data-won={won || undefined}
    >
      {text}
      {set?.tiebreakScore !== undefined && !set.superTiebreak && (
        <sup className="ml-px text-[10px] leading-none font-medium">{set.tiebreakScore}</sup>
      )}
    </span>
  );
}

/** The winner mark: a check with "Winner" (or only the check, `compact`, with the word for screen readers). */
function WinnerMark({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-0.5 self-center rounded-full bg-brand-600 py-px text-[10px] font-bold tracking-normal text-white normal-case ${
        compact ? 'px-0.5' : 'px-1.5'
      }`}
      data-testid="winner-mark"
      title={t('matchCard.winner')}
    >
      <svg viewBox="0 0 16 16" className="size-3" aria-hidden="true">
        <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span className={compact ? 'sr-only' : ''}>{t('matchCard.winner')}</span>
    </span>
  );
}
