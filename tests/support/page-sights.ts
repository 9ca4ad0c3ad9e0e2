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

/** Per browser still open, how to note what its pages show: for a failed test whose browsers close after it. */
const openBrowsers = new Set<() => Promise<void>>();

/** Registers how to note an open browser's pages; returns how to forget it (at its close). */
export function noteWhenAsked(note: () => Promise<void>): () => void {
  openBrowsers.add(note);
  return () => openBrowsers.delete(note);
}

/** Notes what the pages of every browser still open show. */
export async function noteOpenBrowsers(): Promise<void> {
  await Promise.all([...openBrowsers].map((note) => note()));
}
