import type { HistoryItem } from '../api/season-history';

export type EventKind = 'all' | 'teams' | 'matches' | 'season' | 'challenges' | 'live';

/** What an event is about, from its type (DESIGN.md §8 history). */
export function kindOf(type: string): Exclude<EventKind, 'all'> {
  if (type.startsWith('Team')) return 'teams';
  if (type.startsWith('Challenge') && !type.startsWith('Challenger')) return 'challenges';
  if (type.startsWith('Season')) return 'season';
  if (/^(LiveScoring|Point|LiveMatch)/.test(type)) return 'live';
  return 'matches';
}

export interface TimelineFilter {
  actorId: string;
  kind: EventKind;
  /** YYYY-MM-DD: events on or after that day (local time). */
  from: string;
  /** A team's or a match's own history. */
  subject?: { kind: 'team' | 'match'; id: string; label: string };
}

export const noFilter: TimelineFilter = { actorId: '', kind: 'all', from: '' };

function about(item: HistoryItem, subject: TimelineFilter['subject']): boolean {
  if (!subject) return true;
  return subject.kind === 'team' ? item.teamIds.includes(subject.id) : item.matchId === subject.id;
}

export function filterHistory(items: readonly HistoryItem[], filter: TimelineFilter): HistoryItem[] {
  const from = filter.from ? new Date(`${filter.from}T00:00:00`).getTime() : undefined;
  return items.filter(
    (item) =>
      (!filter.actorId || item.actor.id === filter.actorId) &&
      (filter.kind === 'all' || kindOf(item.type) === filter.kind) &&
      (from === undefined || new Date(item.occurredAt).getTime() >= from) &&
      about(item, filter.subject),
  );
}

/** The people who did something in the season, each once, by name. */
export function actorsOf(items: readonly HistoryItem[]): Array<{ id: string; name: string }> {
  const byId = new Map(items.map((item) => [item.actor.id, item.actor]));
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** "6-4 6-3" for a side pair; walkover and retired in words are left to the status. */
export function scoreLine(
  defender: { matchSets: Array<{ score: number | null }> },
  challenger: { matchSets: Array<{ score: number | null }> },
): string {
  return defender.matchSets
    .map((set, index) => `${set.score ?? '-'}-${challenger.matchSets[index]?.score ?? '-'}`)
    .join(' ');
}
