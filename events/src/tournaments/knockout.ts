import type { MatchType } from '../ladders/model.ts';
import type { MatchNewEvent } from '../matches/events.ts';
import { bracketSides, isPlayable, type Bracket } from './bracket.ts';

/**
 * A knockout's draw matches are matches of §4–§7 (DESIGN.md §16). The create body names no match type: they are
 * played best of three sets, and a player's result waits 48 hours for the other side (the ladders' default).
 */
export const KNOCKOUT_MATCH_TYPE: MatchType = 'BESTOFTHREE';
export const KNOCKOUT_CONFIRM_HOURS = 48;

/** A knockout as a draw match's rules see it: its bracket, the winners whose results count, the matches made. */
export interface Knockout {
  tournamentId: string;
  bracket: Bracket;
  /** matchId → the winning entry, for the results that count (confirmed, settled by a manager, a walkover). */
  winners: Readonly<Record<string, string>>;
  /** The draw matches made already (a match is made once both its sides are known). */
  made: readonly string[];
}

/**
 * The draw matches whose two sides are known now and that are not made yet, as `MatchCreated` events (the upper
 * side defends), main draw first, round by round, top to bottom. A bye and a plate place nobody comes to are no
 * match: the other side stands in the next one.
 */
export function matchesToMake(knockout: Knockout): MatchNewEvent[] {
  const { tournamentId } = knockout;
  const made = new Set(knockout.made);
  return [...bracketSides(knockout.bracket, knockout.winners)].flatMap(([matchId, sides]) =>
    isPlayable(sides) && !made.has(matchId)
      ? [
          {
            type: 'MatchCreated' as const,
            streamId: matchId,
            payload: {
              matchId,
              seasonId: tournamentId,
              ladderId: tournamentId,
              tournamentId,
              defenderId: sides.a as string,
              challengerId: sides.b as string,
            },
          },
        ]
      : [],
  );
}

/** The winners with this match's counted winner set (an entry) or taken away (`undefined`). */
export function withWinner(
  winners: Readonly<Record<string, string>>,
  matchId: string,
  entryId: string | undefined,
): Record<string, string> {
  const { [matchId]: _old, ...others } = winners;
  return entryId === undefined ? others : { ...others, [matchId]: entryId };
}

/**
 * Whether changing this match's counted winner would change a side of a match made already: then the result stays
 * (its winner plays on, or the loser plays the plate).
 */
export function changesMadeMatches(
  knockout: Knockout,
  matchId: string,
  entryId: string | undefined,
): boolean {
  const before = bracketSides(knockout.bracket, knockout.winners);
  const after = bracketSides(knockout.bracket, withWinner(knockout.winners, matchId, entryId));
  // Every made match is one of the bracket's (a new draw cancels the matches of the one before).
  return knockout.made.some((id) => {
    const [was, is] = [before.get(id)!, after.get(id)!];
    return was.a !== is.a || was.b !== is.b;
  });
}
