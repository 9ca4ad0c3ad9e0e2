/**
 * Ladder positions (DESIGN.md §4): active teams hold 1..N without gaps. Each rule takes the current order (team
 * ids, position 1 first) and returns the new one, so a position is always the index + 1.
 */
type LadderOrder = readonly string[];

/** Accept puts a team at N+1. A team already in the order stays where it is. */
export function acceptTeam(order: LadderOrder, teamId: string): string[] {
  return order.includes(teamId) ? [...order] : [...order, teamId];
}

/** Remove closes the gap: everyone below moves up one. */
export function removeTeam(order: LadderOrder, teamId: string): string[] {
  return order.filter((id) => id !== teamId);
}

/** Moving a team to position P shifts the teams in between by one; P is clamped to 1..N. */
export function moveTeam(order: LadderOrder, teamId: string, position: number): string[] {
  if (!order.includes(teamId)) return [...order];
  const rest = order.filter((id) => id !== teamId);
  const index = Math.min(Math.max(Math.trunc(position), 1), order.length) - 1;
  return [...rest.slice(0, index), teamId, ...rest.slice(index)];
}

/**
 * When a match first gets a winner and the challenger stood below the defender, the challenger takes the
 * defender's position and the teams from there down to the challenger's old place move down one. Otherwise
 * nobody moves.
 */
export function leapfrog(
  order: LadderOrder,
  winnerId: string,
  defenderId: string,
  challengerId: string,
): string[] {
  const defenderIndex = order.indexOf(defenderId);
  const challengerIndex = order.indexOf(challengerId);
  if (
    winnerId !== challengerId ||
    defenderIndex < 0 ||
    // Stryker disable next-line EqualityOperator,ConditionalExpression: a challenger at #1 stands above the defender (next line); moving a team that is not in the order changes nothing
    challengerIndex < 0 ||
    // Stryker disable next-line EqualityOperator: equal only when a team plays itself, and moving it to its own place changes nothing
    challengerIndex < defenderIndex
  ) {
    return [...order];
  }
  return moveTeam(order, challengerId, defenderIndex + 1);
}

/** SWAP movement (DESIGN.md §5): two teams trade places; when either is not in the order nobody moves. */
export function swapTeams(order: LadderOrder, a: string, b: string): string[] {
  const [from, to] = [order.indexOf(a), order.indexOf(b)];
  const next = [...order];
  if (from < 0 || to < 0) return next;
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

/**
 * Inactivity (DESIGN.md §5 `inactivityDays`): the team drops one place, below `passedBy`; only as decided, while
 * `passedBy` still stands right below it. Otherwise nobody moves.
 */
export function dropBelow(order: LadderOrder, teamId: string, passedBy: string): string[] {
  const index = order.indexOf(teamId);
  if (index < 0 || order[index + 1] !== passedBy) return [...order];
  return swapTeams(order, teamId, passedBy);
}
