/**
 * What the pages of browsers closed during the current test showed (address and text), kept for the report of a
 * failed test (tests/setup/browser-failures.ts). A module without imports, so the setup costs other tests nothing.
 */
const sights: string[] = [];

export function noteSight(sight: string): void {
  sights.push(sight);
}

/** The notes since the last call. */
export function takeSights(): string[] {
  return sights.splice(0);
}
