/**
 * Spec §5: the active and left filters match case-insensitively on any member's full name, with the
 * input trimmed; an empty filter keeps every team.
 */
export function matchesTeamFilter(
  team: { members: ReadonlyArray<{ fullName: string }> },
  filter: string,
): boolean {
  const needle = filter.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return team.members.some((member) => member.fullName.toLocaleLowerCase().includes(needle));
}

export function filterTeams<T extends { members: ReadonlyArray<{ fullName: string }> }>(
  teams: readonly T[],
  filter: string,
): T[] {
  return teams.filter((team) => matchesTeamFilter(team, filter));
}
