/**
 * What the matches and the live scorer both say of a match (a feature never imports another): the names of a side,
 * and who may score it live.
 */

/** The names of a side, joined for a title: "Ann Smith & Bob Jones". */
export function sideNames(team: { members: readonly { name: string }[] }): string {
  return team.members.map((member) => member.name).join(' & ');
}

/** The players of the match and the club's managers (`editable`) may score a planned match live, until it ends. */
export function mayScoreLive(match: {
  editable: boolean;
  status: string;
  live?: { finished: boolean } | undefined;
}): boolean {
  return match.editable && match.status === 'planned' && !match.live?.finished;
}
