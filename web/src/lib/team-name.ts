import { i18n } from './i18n';

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

/** DESIGN.md §10: the API names an erased person "Former player"; the page says it in its own language. */
const formerPlayer: Record<string, string> = { en: 'Former player', nl: 'Voormalig speler' };

/** A person's name as the page shows it: an erased person's in the page's language. */
export function shownName(name: string): string {
  return name === formerPlayer.en ? (formerPlayer[i18n.language] ?? name) : name;
}
