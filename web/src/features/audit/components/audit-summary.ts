import type { TFunction } from '../../../lib/i18n';
import { formatDay } from '../../../lib/dates';
import type { Locale } from '../../../lib/locale';

/** Names of ladders and seasons by id (from the company's lists and from the events themselves). */
interface AuditNames {
  ladders: Map<string, string>;
  seasons: Map<string, { name: string; ladderId?: string }>;
}

export function emptyNames(): AuditNames {
  return { ladders: new Map(), seasons: new Map() };
}

type Payload = Record<string, unknown>;

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const asPayload = (value: unknown): Payload =>
  typeof value === 'object' && value !== null ? (value as Payload) : {};

/** Learns the names an event carries (created, changed and deleted ladders and seasons). */
export function learnNames(names: AuditNames, event: { type: string; payload: unknown }): void {
  const payload = asPayload(event.payload);
  const name = text(payload.name);
  if (!name) return;
  if (
    event.type.startsWith('Ladder') &&
    text(payload.ladderId) &&
    !names.ladders.has(payload.ladderId as string)
  )
    names.ladders.set(payload.ladderId as string, name);
  if (
    event.type.startsWith('Season') &&
    text(payload.seasonId) &&
    !names.seasons.has(payload.seasonId as string)
  )
    names.seasons.set(payload.seasonId as string, { name, ladderId: text(payload.ladderId) });
}

/** A readable line for one event: "Created ladder Summer Singles", "Accepted a team in Winter". */
export function auditSummary(
  event: { type: string; payload: unknown },
  names: AuditNames,
  t: TFunction,
  /** The page's language, for dates in the text (a pause's first day back). */
  locale: Locale = 'en',
): string {
  const payload = asPayload(event.payload);
  const unknown = t('audit.unknown');
  const ladderName = (id: unknown) => (typeof id === 'string' ? names.ladders.get(id) : undefined) ?? unknown;
  const seasonName = (id: unknown) =>
    (typeof id === 'string' ? names.seasons.get(id)?.name : undefined) ?? unknown;
  switch (event.type) {
    case 'ManagerInvited':
    case 'ManagerAdded':
    case 'ManagerRemoved':
      return t(`audit.types.${event.type}`);
    case 'InvitationRevoked':
      // A co-manager's invitation names no season.
      if (payload.seasonId === undefined) return t('audit.types.ManagerInvitationRevoked');
      return t('audit.types.InvitationRevoked', { season: seasonName(payload.seasonId) });
    case 'CompanyCreated':
    case 'LadderCreated':
    case 'LadderUpdated':
    case 'LadderDeleted':
      return t(`audit.types.${event.type}`, { name: text(payload.name) ?? unknown });
    case 'SeasonCreated':
    case 'SeasonUpdated':
    case 'SeasonDeleted':
      return t(`audit.types.${event.type}`, {
        name: text(payload.name) ?? unknown,
        ladder: ladderName(payload.ladderId),
      });
    case 'TeamPositionChanged':
      return t('audit.types.TeamPositionChanged', {
        position: typeof payload.position === 'number' ? payload.position : '?',
        season: seasonName(payload.seasonId),
      });
    case 'ChallengerLeapfrogged':
    case 'ChallengerSwapped':
      return t(`audit.types.${event.type}`, {
        from: typeof payload.fromPosition === 'number' ? payload.fromPosition : '?',
        to: typeof payload.toPosition === 'number' ? payload.toPosition : '?',
        season: seasonName(payload.seasonId),
      });
    case 'TeamRegistered':
    case 'TeamAccepted':
    case 'TeamRejected':
    case 'TeamRemoved':
    case 'PartnerRequested':
    case 'PartnerRequestAccepted':
    case 'PartnerRequestDeclined':
    case 'PartnerRequestWithdrawn':
    case 'PartnerRequestLapsed':
    case 'PlayersInvited':
    case 'InvitationAccepted':
    case 'MatchCreated':
    case 'MatchResultRecorded':
    case 'MatchRescheduled':
    case 'MatchCancelled':
    case 'MatchLocationSet':
    case 'ChallengeIssued':
    case 'ChallengeAccepted':
    case 'ChallengeDeclined':
    case 'ChallengeWithdrawn':
    case 'ChallengeExpired':
    case 'ResultConfirmed':
    case 'ResultDisputed':
    case 'ResultWithdrawn':
    case 'TeamDroppedForInactivity':
    case 'TeamResumed':
    case 'LiveScoringStarted':
    case 'LiveMatchEnded':
    case 'SeasonRulesChanged':
    case 'SeasonFormatChanged':
    case 'BoxesDrawn':
    case 'BoxesClosed':
      return t(`audit.types.${event.type}`, { season: seasonName(payload.seasonId) });
    case 'TeamPaused':
      // `until`, the first day back, as a date of the page's language ("12 Aug 2026"), not the raw day.
      return t('audit.types.TeamPaused', {
        until: formatDay(text(payload.until), locale) || unknown,
        season: seasonName(payload.seasonId),
      });
    // A tournament has no name in its events and no read model yet (DESIGN.md §16): the kind of change only.
    case 'TournamentCreated':
    case 'TournamentEntered':
    case 'TournamentEntryWithdrawn':
    case 'TournamentDrawn':
    case 'TournamentRoundMade':
    case 'TournamentGameScored':
    case 'TournamentPlayerAdded':
    case 'TournamentInvited':
    case 'TournamentInvitationClosed':
    case 'TournamentFinished':
    case 'TournamentDeleted':
      return t(`audit.types.${event.type}`);
    case 'PointScored':
    case 'PointUndone':
      return t(`audit.types.${event.type}`, {
        seq: typeof payload.seq === 'number' ? payload.seq : '?',
        season: seasonName(payload.seasonId),
      });
    default:
      // An event type this page does not know yet: its name with spaces ("TournamentOpened" → "Tournament opened").
      return t('audit.types.other', {
        type: event.type.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`),
      });
  }
}
