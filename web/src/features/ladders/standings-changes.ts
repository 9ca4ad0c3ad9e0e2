import type { StandingsRow } from './api/ladders';

/** A team that climbed: its place now. */
interface Climb {
  teamId: string;
  members: StandingsRow['members'];
  position: number;
}

/**
 * What a standings change says (DESIGN.md §14): the teams that climbed between two readings, best place first
 * (those that fell are the other side of the same moves); teams new to the standings are not climbs.
 */
export function climbsBetween(
  before: ReadonlyArray<Pick<StandingsRow, 'teamId' | 'position'>>,
  after: ReadonlyArray<Pick<StandingsRow, 'teamId' | 'position' | 'members'>>,
): Climb[] {
  const was = new Map(before.map((row) => [row.teamId, row.position]));
  return after
    .filter((row) => {
      const old = was.get(row.teamId);
      return old !== undefined && row.position < old;
    })
    .map(({ teamId, members, position }) => ({ teamId, members, position }))
    .sort((a, b) => a.position - b.position);
}

/** Names the positions of a reading, to say each change once. */
export function standingsKey(
  seasonId: string,
  rows: ReadonlyArray<Pick<StandingsRow, 'teamId' | 'position'>>,
) {
  return `standings:${seasonId}:${rows.map((row) => `${row.teamId}@${row.position}`).join(',')}`;
}
