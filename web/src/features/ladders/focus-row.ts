/**
 * Where the focus goes after a row's action (DESIGN.md §14): the control `action` of the row of `teamId` (`none`:
 * the row's first control), else the first control of the row `otherwise`, else of `teamId`'s row.
 */
export interface FocusTarget {
  teamId: string;
  action: 'challenge' | 'accept' | 'decline' | 'withdraw' | 'none';
  otherwise?: string;
}

export function focusTarget(table: Element | null, target: FocusTarget): void {
  if (!table) return;
  const row = (teamId: string) => table.querySelector(`tr[data-team-id="${CSS.escape(teamId)}"]`);
  const first = (teamId: string | undefined) =>
    teamId === undefined ? null : row(teamId)?.querySelector<HTMLElement>('a[href], button:not([disabled])');
  const control =
    target.action === 'none'
      ? null
      : row(target.teamId)?.querySelector<HTMLElement>(
          `button[data-action="${target.action}"]:not([disabled])`,
        );
  (control ?? first(target.otherwise) ?? first(target.teamId))?.focus();
}
