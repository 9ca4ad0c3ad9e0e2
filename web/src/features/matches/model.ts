import { formatSet, MAX_SETS } from '@courtside/events/matches/scoring';
import { leadingLocalDateTime } from '@courtside/events/matches/match-dates';
import { teamDisplayName } from '../../lib/team-name';
import { liveStateSchema, type LiveSummary } from './api/live-summary';
import {
  buildMatchesQuery,
  lastFilledSet,
  type Match,
  type MatchesFilter,
  type MatchListItem,
  type MatchStatus,
  type MatchTeam,
  type Side,
} from './api/matches';
import type { SeasonTeam } from './api/create-match';

// The request shapes live with the API calls (api/matches.ts imports nothing of this file: no import circle).
export { buildMatchesQuery, scorePayload, type MatchesFilter } from './api/matches';

/**
 * The pure rules of the match UI (spec §4 "Match", §5, §9), unit-tested in model.test.ts. The
 * shapes the matches API answers (zod schemas and their types) are in `api/matches.ts`.
 */

const COMPLETED_STATUSES: readonly MatchStatus[] = ['completed', 'retired', 'walkover', 'cancelled'];

// ---------------------------------------------------------------------------------------------
// Matches list query (spec §7 "Matches", §9).

/** The statuses a list with this filter shows (what the server answers for its query). */
export function statusesOf(filter: MatchesFilter): readonly MatchStatus[] {
  const query = buildMatchesQuery(0, filter);
  return [
    ...(query.NOTCOMPLETED ? (['planned'] as const) : []),
    ...(query.COMPLETED ? COMPLETED_STATUSES : []),
  ];
}

/** Pixels left below the visible part; the next page loads within 5 px of the bottom (spec §9). */
const NEAR_BOTTOM_PX = 5;
export function isNearBottom(distanceToBottom: number, threshold: number = NEAR_BOTTOM_PX): boolean {
  return distanceToBottom <= threshold;
}
/** Distance to the bottom of a scrolling element (`scrollHeight - scrollTop - clientHeight`). */
export function containerDistance(el: { scrollTop: number; clientHeight: number; scrollHeight: number }) {
  return el.scrollHeight - el.scrollTop - el.clientHeight;
}

// ---------------------------------------------------------------------------------------------
// Live updates of a list and of a card.

/**
 * A pushed match (`match.updated`) is the same for every viewer: `editable` and `itsMe` are false.
 * Keep the viewer's own flags from the last time the viewer loaded it.
 */
export function withViewerFlags(pushed: Match, known: Match | undefined): Match {
  if (!known) return pushed;
  const itsMe = new Set(
    [...known.defender.members, ...known.challenger.members].filter((m) => m.itsMe).map((m) => m.id),
  );
  const team = (side: MatchTeam): MatchTeam => ({
    ...side,
    members: side.members.map((member) => ({ ...member, itsMe: member.itsMe || itsMe.has(member.id) })),
  });
  // A push never carries a dispute's reason (only the sides and the managers get it): keep the one loaded.
  const { reason } = known.confirmation;
  const confirmation =
    reason && pushed.confirmation.state === 'disputed' && known.confirmation.state === 'disputed'
      ? { ...pushed.confirmation, reason }
      : pushed.confirmation;
  return {
    ...pushed,
    confirmation,
    editable: known.editable && pushed.status !== 'cancelled',
    defender: team(pushed.defender),
    challenger: team(pushed.challenger),
  };
}

/** A live match left this long without a point (nobody ended it on the court) is no longer shown as live. */
const LIVE_QUIET_LIMIT_MS = 24 * 60 * 60 * 1000;

/** Where a match being scored live stands: planned, and its live score not finished. */
function beingScored(match: Pick<Match, 'status' | 'live'>): LiveSummary | null {
  return match.status === 'planned' && match.live && !match.live.finished ? match.live : null;
}

/**
 * Where a match scored live right now stands (DESIGN.md §7), at `now` (epoch ms): the card shows LIVE, the game and
 * the server; not after a day without a point (`updatedAt`; a pushed state has none, it has just changed).
 */
export function liveNow(match: Pick<Match, 'status' | 'live'>, now: number): LiveSummary | null {
  const live = beingScored(match);
  const changedAt = live?.updatedAt === undefined ? Number.NaN : Date.parse(live.updatedAt);
  return live && !(now - changedAt > LIVE_QUIET_LIMIT_MS) ? live : null;
}

/** The match after a `live.updated` push of its state; null when the push is about another match or unreadable. */
export function withLiveUpdate(match: Match, payload: { matchId: string; state: unknown }): Match | null {
  if (payload.matchId !== match.id) return null;
  const parsed = liveStateSchema.safeParse(payload.state);
  if (!parsed.success) return null;
  const { sets, ...summary } = parsed.data;
  const inSuperTiebreak = !summary.finished && sets.at(-1)?.superTiebreak === true;
  return { ...match, live: { ...summary, ...(inSuperTiebreak ? { superTiebreak: true } : {}) } };
}

/**
 * The teams as the card shows them while a super tiebreak is played live: its cell shows points in brackets
 * (`[7-5]`) from the first point, as it will when it ends (the recalculation only knows it at 10 points).
 */
export function withLiveSuperTiebreak(match: Match): Match {
  if (!beingScored(match)?.superTiebreak) return match;
  const mark = (team: MatchTeam): MatchTeam => ({
    ...team,
    matchSets: team.matchSets.map((set, index) =>
      index === team.matchSets.length - 1 ? { ...set, superTiebreak: true } : set,
    ),
  });
  return { ...match, defender: mark(match.defender), challenger: mark(match.challenger) };
}

/**
 * A list after a pushed match: replaced where it is (or dropped when its status no longer fits the
 * list), inserted when new and `insert` is allowed: completed lists are newest first (on top),
 * planned lists soonest first with undated matches last.
 */
export function applyLiveMatch(
  items: readonly MatchListItem[],
  pushed: Match,
  filter: MatchesFilter,
  insert: boolean,
): MatchListItem[] {
  const fits = statusesOf(filter).includes(pushed.status);
  const index = items.findIndex((item) => item.match.id === pushed.id);
  if (index >= 0) {
    const current = items[index]!;
    if (!fits) return items.filter((_, i) => i !== index);
    const next = [...items];
    next[index] = { ...current, match: withViewerFlags(pushed, current.match) };
    return next;
  }
  if (!fits || !insert) return [...items];
  const event = items[0]?.event;
  const item: MatchListItem = event ? { match: pushed, event } : { match: pushed };
  if (pushed.status !== 'planned') return [item, ...items];
  const at = items.findIndex(
    (other) =>
      other.match.status !== 'planned' ||
      (pushed.date !== null && (other.match.date === null || other.match.date > pushed.date)),
  );
  return at < 0 ? [...items, item] : [...items.slice(0, at), item, ...items.slice(at)];
}

/** Appends a page, skipping matches already shown (a match may move between pages while scrolling). */
export function appendPage(items: readonly MatchListItem[], page: readonly MatchListItem[]): MatchListItem[] {
  const seen = new Set(items.map((item) => item.match.id));
  return [...items, ...page.filter((item) => !seen.has(item.match.id))];
}

// ---------------------------------------------------------------------------------------------
// Score editing (spec §4 "Match", §5).

/** Whether a key press may reach a score input: digits, and keys that edit or move (no letters). */
export function isAllowedScoreKey(key: string, withModifier = false): boolean {
  if (withModifier) return true; // copy, paste, select all…
  return key.length !== 1 || /^\d$/.test(key);
}

/**
 * How many score inputs to show per side: 3 for best of three, 5 for best of five; for most games one
 * more than entered (at least 2). Never fewer than the sets entered, at most 5.
 */
export function setInputCount(match: Pick<Match, 'matchType' | 'defender' | 'challenger'>): number {
  const entered = Math.max(
    lastFilledSet(match.defender.matchSets),
    lastFilledSet(match.challenger.matchSets),
  );
  if (match.matchType === 'BESTOFFIVE') return MAX_SETS;
  if (match.matchType === 'BESTOFTHREE') return Math.max(3, Math.min(MAX_SETS, entered));
  return Math.min(MAX_SETS, Math.max(2, entered + 1));
}

/** The match with one side's team replaced. */
export function withTeam(match: Match, side: Side, team: MatchTeam): Match {
  return { ...match, [side]: team };
}

/** Whether set `index` of a side pair has a tiebreak (a tiebreak score on either side). */
export function hasTiebreak(team: MatchTeam, opponent: MatchTeam | undefined, index: number): boolean {
  return (
    team.matchSets[index]?.tiebreakScore !== undefined ||
    opponent?.matchSets[index]?.tiebreakScore !== undefined
  );
}

/** A set that went to a tiebreak: 7–6 either way (offered the "+ tiebreak" affordance). */
export function looksLikeTiebreakSet(own: number | null | undefined, other: number | null | undefined) {
  return (own === 7 && other === 6) || (own === 6 && other === 7);
}

// ---------------------------------------------------------------------------------------------
// Date and time (spec §4 "Match", §9).

/** `YYYY-MM-DDTHH:mm` (what `<input type="datetime-local">` gives, seconds dropped) or null when empty. */
export function normaliseDateTimeInput(value: string): string | null {
  return value.trim() === '' ? null : leadingLocalDateTime(value);
}

/**
 * The date a draft is saved with when the person has not chosen one (DESIGN.md §5, "last played"): once its scores
 * make a result (`status` no longer planned, as the scoring rules tell), a match whose `date` is still to come at
 * `now` (the server's epoch ms) was played now, written as match dates are (local `YYYY-MM-DDTHH:mm`); a past date, no
 * date (the server takes the confirmation's) or a draft without a result keep theirs. Compared as text, as the server
 * does.
 */
export function dateForResult(date: string | null, status: MatchStatus, now: number): string | null {
  const at = new Date(now - new Date(now).getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  return status !== 'planned' && date !== null && date > at ? at : date;
}

/** A local date-time string as a Date (no time zone: local time), or null. */
export function toLocalDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const found = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!found) return null;
  const [, y, mo, d, h = '0', mi = '0'] = found;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
}

// ---------------------------------------------------------------------------------------------
// Cancel dialog (spec §5, §9).

export const CANCEL_WORD = 'Cancel';

/** The cancel-match confirm button is enabled only when the typed text is "Cancel", any case. */
export function isCancelConfirmation(text: string): boolean {
  return text.trim().toLowerCase() === CANCEL_WORD.toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Names and addresses.

/** Picker filter: case-insensitive text match on the display name; an empty query keeps all. */
export function filterTeams<T extends Pick<SeasonTeam, 'position' | 'members' | 'teamId'>>(
  teams: readonly T[],
  query: string,
  excludeId?: string | null,
): T[] {
  const needle = query.trim().toLowerCase();
  return teams.filter(
    (team) =>
      team.teamId !== excludeId && (needle === '' || teamDisplayName(team).toLowerCase().includes(needle)),
  );
}

/** "Anna de Vries" → "Anna V." style short name: first name and the initial of the last word. */
export function shortName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length <= 1) return words[0] ?? name;
  const last = words[words.length - 1]!;
  return `${words[0]} ${last.charAt(0).toUpperCase()}.`;
}

/**
 * A team's `url` from the API (`/webapps/matches/en/?event=…&player=…`) as a router path in the
 * current locale; other addresses (another site) are returned unchanged.
 */
export function teamLink(url: string, locale: string): string {
  const found = /^(?:\/webapps)?\/([a-z]+)\/([a-z]{2})\/(.*)$/.exec(url);
  if (!found) return url;
  return `/${found[1]}/${locale}/${found[3]}`;
}

// ---------------------------------------------------------------------------------------------
// Result confirmation (DESIGN.md §5 "Results and confirmation").

/** The side that entered the pending or disputed result: `confirmation.side`, else the side of `enteredBy`. */
export function enteredSide(match: Pick<Match, 'confirmation' | 'defender' | 'challenger'>): Side | null {
  const { side, enteredBy } = match.confirmation;
  if (side) return side;
  if (!enteredBy) return null;
  if (match.defender.members.some((m) => m.id === enteredBy)) return 'defender';
  if (match.challenger.members.some((m) => m.id === enteredBy)) return 'challenger';
  return null;
}

const otherSide = (side: Side): Side => (side === 'defender' ? 'challenger' : 'defender');

type ConfirmationView =
  | { kind: 'none' }
  /** `waitingFor` null: the entering side is unknown ("the other side"). */
  | { kind: 'pending'; waitingFor: Side | null; dueAt: string | null; canAnswer: boolean }
  | { kind: 'disputed' };

/**
 * What the card says about the result's confirmation: nothing for a confirmed result (or a cancelled
 * match); for a pending one whom it waits for, until when, and whether the viewer may confirm or
 * dispute it (a member of the other side, never of the side that entered it).
 */
export function confirmationView(
  match: Pick<Match, 'confirmation' | 'defender' | 'challenger' | 'status'>,
): ConfirmationView {
  if (match.status === 'cancelled') return { kind: 'none' };
  if (match.confirmation.state === 'disputed') return { kind: 'disputed' };
  if (match.confirmation.state !== 'pending') return { kind: 'none' };
  const entered = enteredSide(match);
  const waitingFor = entered ? otherSide(entered) : null;
  const isMine = (side: Side) => match[side].members.some((m) => m.itsMe);
  const canAnswer = waitingFor ? isMine(waitingFor) : isMine('defender') !== isMine('challenger');
  return { kind: 'pending', waitingFor, dueAt: match.confirmation.dueAt ?? null, canAnswer };
}

/**
 * Whether the viewer sees Cancel match: managers always; players only while the match has no winner
 * (the api refuses a player's cancel of a match with a result).
 */
export function mayCancelMatch(match: Pick<Match, 'defender' | 'challenger'>, manager: boolean): boolean {
  return manager || (!match.defender.winner && !match.challenger.winner);
}

/**
 * Whether a viewer who plays in the match (not managing it here) may change its scores: not once the
 * result is confirmed with a winner, nor while it is disputed (DESIGN.md §5 wave 3: the managers'
 * then; the api answers `409 RESULT_FINAL` / `DISPUTED`).
 */
export function resultSettledForPlayers(
  match: Pick<Match, 'confirmation' | 'defender' | 'challenger'>,
): boolean {
  if (match.confirmation.state === 'disputed') return true;
  return match.confirmation.state === 'confirmed' && (match.defender.winner || match.challenger.winner);
}

/** The viewer plays in the match (one of its members is them). */
export const playsIn = (match: Pick<Match, 'defender' | 'challenger'>): boolean =>
  [...match.defender.members, ...match.challenger.members].some((member) => member.itsMe);

/** The sets played as people read them, `first`'s games first (the defender's unless given): "6-4, 3-6, [10-8]". */
export function scoreSummary(
  match: Pick<Match, 'defender' | 'challenger'>,
  first: Side = 'defender',
): string {
  const second = otherSide(first);
  return match[first].matchSets
    .map((set, index) => {
      const other = match[second].matchSets[index];
      return other && (set.score !== null || other.score !== null) ? formatSet(set, other) : null;
    })
    .filter(Boolean)
    .join(', ');
}
