import type { EventEnvelope } from '@courtside/events/envelope';
import type { MatchType } from '@courtside/events/ladders/model';
import { matchEvents, type MatchEvent } from '@courtside/events/matches/events';
import { recalculate } from '@courtside/events/matches/scoring';
import { leapfrog, swapTeams } from '@courtside/events/teams/positions';
import { asJson, type MatchRow, type ReadModelRows } from '../rebuild/rows.ts';
import { noScore } from './projection.ts';
import { foldedActiveOrder, foldOrder } from '../teams/fold.ts';
import { KNOCKOUT_MATCH_TYPE } from '@courtside/events/tournaments/knockout';

const handled = new Set<string>(matchEvents.map((definition) => definition.type));
const noResult = asJson(noScore);

/** The match, unless it was cancelled (what the projection's statements leave alone). */
function openMatch(rows: ReadModelRows, matchId: string): MatchRow | undefined {
  const match = rows.matches.get(matchId);
  return match?.status === 'cancelled' ? undefined : match;
}

/**
 * A side's members in member order: its team's, or an entry's of the knockout the match names as its season
 * (match-sides.ts `matchSideMembers`).
 */
export function sideMembers(rows: ReadModelRows, sideId: string, seasonId: string): string[] {
  const team = rows.teamMembers.get(sideId);
  if (team) return team.map((member) => member.account_id);
  const tournament = rows.tournaments.get(seasonId);
  if (tournament?.format !== 'KNOCKOUT') return [];
  return tournament.entries.find((entry) => entry.entryId === sideId)?.memberIds ?? [];
}

/** The match type of a season, or of the knockout standing in as one (match-sides.ts `matchTypeSql`). */
export function matchTypeOf(rows: ReadModelRows, seasonId: string): string | undefined {
  const season = rows.seasons.get(seasonId);
  if (season) return season.match_type;
  return rows.tournaments.get(seasonId)?.format === 'KNOCKOUT' ? KNOCKOUT_MATCH_TYPE : undefined;
}

/** The sports category of a ladder, or of the knockout standing in as one (match-sides.ts `sportsCategorySql`). */
export function sportsCategoryOf(rows: ReadModelRows, ladderId: string): string | undefined {
  return rows.ladders.get(ladderId)?.sports_category ?? rows.tournaments.get(ladderId)?.sports_category;
}

/** matchesProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldMatches(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const event = envelope as MatchEvent;
  const { matchId, seasonId, ladderId } = event.payload;
  switch (event.type) {
    case 'MatchCreated': {
      if (rows.matches.has(matchId)) return;
      const { defenderId, challengerId } = event.payload;
      // The members of the defender's team first, each team's in member order (the projection's tags).
      const members = [defenderId, ...(challengerId === defenderId ? [] : [challengerId])].flatMap((side) =>
        sideMembers(rows, side, seasonId),
      );
      rows.matches.set(matchId, {
        id: matchId,
        season_id: seasonId,
        ladder_id: ladderId,
        company_id: event.companyId,
        defender_id: defenderId,
        challenger_id: challengerId,
        status: 'planned',
        date: null,
        defender_score: noResult,
        challenger_score: noResult,
        winner: null,
        had_winner: false,
        created_at: event.occurredAt,
        updated_at: event.occurredAt,
        challenge_id: event.payload.challengeId ?? null,
        confirmation_state: 'confirmed',
        confirmation_due_at: null,
        entered_by: null,
        entered_side: null,
        dispute_reason: null,
        dispute_reason_id: null,
        calendar_sequence: 0,
        location_id: null,
        tags: [ladderId, seasonId, defenderId, challengerId, ...members],
      });
      return;
    }
    case 'MatchResultRecorded': {
      const match = openMatch(rows, matchId);
      const matchType = match && matchTypeOf(rows, match.season_id);
      if (!match || !matchType) return;
      const { defender, challenger, pending } = event.payload;
      const scored = recalculate(defender, challenger, matchType as MatchType);
      if (match.status !== scored.status) match.calendar_sequence++;
      match.had_winner ||= scored.winner !== null && !pending;
      Object.assign(match, {
        defender_score: asJson(defender),
        challenger_score: asJson(challenger),
        status: scored.status,
        winner: scored.winner,
        updated_at: event.occurredAt,
        confirmation_state: pending ? 'pending' : 'confirmed',
        confirmation_due_at: pending?.dueAt ?? null,
        entered_by: pending?.enteredBy ?? null,
        entered_side: pending?.side ?? null,
        dispute_reason: null,
        dispute_reason_id: null,
      });
      return;
    }
    case 'MatchRescheduled': {
      const match = openMatch(rows, matchId);
      if (!match) return;
      if (match.date !== event.payload.date) match.calendar_sequence++;
      match.date = event.payload.date;
      match.updated_at = event.occurredAt;
      return;
    }
    case 'MatchCancelled': {
      const match = openMatch(rows, matchId);
      if (!match) return;
      match.status = 'cancelled';
      match.updated_at = event.occurredAt;
      match.calendar_sequence++;
      return;
    }
    case 'MatchLocationSet': {
      const match = openMatch(rows, matchId);
      if (!match) return;
      if (match.location_id !== event.payload.locationId) match.calendar_sequence++;
      match.location_id = event.payload.locationId;
      match.updated_at = event.occurredAt;
      return;
    }
    case 'ChallengerLeapfrogged': {
      const { challengerId, defenderId } = event.payload;
      foldOrder(rows, leapfrog(foldedActiveOrder(rows, seasonId), challengerId, defenderId, challengerId));
      return;
    }
    case 'ResultConfirmed': {
      const match = rows.matches.get(matchId);
      if (!match || match.confirmation_state === 'confirmed') return;
      match.confirmation_state = 'confirmed';
      match.confirmation_due_at = null;
      match.dispute_reason = null;
      match.dispute_reason_id = null;
      match.had_winner ||= match.winner !== null;
      match.updated_at = event.occurredAt;
      return;
    }
    case 'ResultWithdrawn': {
      const match = openMatch(rows, matchId);
      if (match?.confirmation_state !== 'pending') return;
      if (match.status !== 'planned') match.calendar_sequence++;
      Object.assign(match, {
        status: 'planned',
        winner: null,
        defender_score: noResult,
        challenger_score: noResult,
        confirmation_state: 'confirmed',
        confirmation_due_at: null,
        entered_by: null,
        entered_side: null,
        updated_at: event.occurredAt,
      });
      return;
    }
    case 'ResultDisputed': {
      const match = rows.matches.get(matchId);
      if (match?.confirmation_state !== 'pending') return;
      match.confirmation_state = 'disputed';
      match.dispute_reason = event.payload.reason ?? null;
      match.dispute_reason_id = event.payload.reasonId ?? null;
      match.updated_at = event.occurredAt;
      return;
    }
    case 'ChallengerSwapped': {
      const order = foldedActiveOrder(rows, seasonId);
      const { challengerId, defenderId } = event.payload;
      if (!order.includes(challengerId) || !order.includes(defenderId)) return;
      foldOrder(rows, swapTeams(order, challengerId, defenderId));
      return;
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}
