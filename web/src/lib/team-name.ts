/** The members' full names joined with ", ". */
export function memberNames(members: ReadonlyArray<{ fullName: string }>): string {
  return members.map((member) => member.fullName).join(', ');
}

/** Spec §3 "Team display name": `#position` followed by the members' full names joined with commas. */
export function teamDisplayName(team: {
  position?: number | null;
  members: ReadonlyArray<{ fullName: string }>;
}): string {
  const names = memberNames(team.members);
  return team.position ? `#${team.position} ${names}` : names;
}
