/**
 * After Save on a card, the focus goes to the control that replaced the pressed one: the card's Edit (DESIGN.md
 * §14). A saved result may move the card to another list (planned → results), where a new card mounts once that
 * list has read it again: the request waits for the Edit of that match, for a short while, and the first one that
 * shows takes it (a Save that failed leaves it for the Edit that Discard brings back). Used by MatchEditActions
 * only, which loads for those who may edit: the public pages do not carry it (their size budget). One request at a
 * time.
 */

let pending: { matchId: string; until: number } | undefined;

/** Long enough for a list to read its matches again on a slow connection; short enough not to surprise later. */
const WAIT_MS = 20_000;

export function focusCardWhenShown(matchId: string, now = Date.now()): void {
  pending = { matchId, until: now + WAIT_MS };
}

/** Whether the card of `matchId` should take the focus now (the request is then used up). */
export function takeCardFocus(matchId: string, now = Date.now()): boolean {
  if (!pending || pending.matchId !== matchId) return false;
  const wanted = pending.until >= now;
  pending = undefined;
  return wanted;
}
