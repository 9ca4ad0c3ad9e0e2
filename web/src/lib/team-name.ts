/** The members' full names joined with ", ". */
export function memberNames(members: ReadonlyArray<{ fullName: string }>): string {
  return members.map((member) => shownName(member.fullName)).join(', ');
}

/** Spec §3 "Team display name": `#position` followed by the members' full names joined with commas. */
export function teamDisplayName(team: {
  position?: number | null;
  members: ReadonlyArray<{ fullName: string }>;
}): string {
  const names = memberNames(team.members);
  return team.position ? `#${team.position} ${names}` : names;
}

/**
 * DESIGN.md §10: the API names an erased person "Former player"; a Dutch page (the document's `lang`, which
 * lib/i18n.ts keeps; read there, not from i18n, so the pages' first scripts stay within their budgets) says
 * "Voormalig speler". Every other name as it is.
 */
export const shownName = (name: string): string =>
  name === 'Former player' && globalThis.document?.documentElement.lang === 'nl' ? 'Voormalig speler' : name;
