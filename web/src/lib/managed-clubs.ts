/**
 * The clubs an account was last seen managing, kept in this browser (localStorage), so that a manager who was
 * removed from a club is told so by name when they next open the manager screen, instead of meeting the "Create
 * your company" form without a word (docs/decisions/web.md, "A removed manager is told by name"). The server
 * keeps no list of former managers; the memory belongs to one account, so another person signing in on the same
 * browser learns nothing of it.
 */

export interface Club {
  id: string;
  name: string;
}

interface Memory {
  accountId: string;
  clubs: Club[];
}

const KEY = 'courtside.managedClubs';

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isClub(value: unknown): value is Club {
  const club = value as Partial<Club> | null;
  return typeof club?.id === 'string' && typeof club.name === 'string';
}

/** The memory as stored, or undefined when there is none or it cannot be read. */
export function parseMemory(raw: string | null | undefined): Memory | undefined {
  try {
    const value = JSON.parse(raw ?? 'null') as Partial<Memory> | null;
    if (typeof value?.accountId !== 'string' || !Array.isArray(value.clubs)) return undefined;
    return { accountId: value.accountId, clubs: value.clubs.filter(isClub) };
  } catch {
    return undefined;
  }
}

/** The clubs `accountId` was last seen managing that are not among `current`: those it no longer manages. */
export function formerClubs(memory: Memory | undefined, accountId: string, current: readonly Club[]): Club[] {
  if (memory?.accountId !== accountId) return [];
  const still = new Set(current.map((club) => club.id));
  return memory.clubs.filter((club) => !still.has(club.id));
}

/** Whether this browser remembers any club of `accountId` (else nothing need be asked to find former ones). */
export function remembersClubsOf(accountId: string): boolean {
  return formerClubsOf(accountId, []).length > 0;
}

/** The clubs of `accountId` this browser remembers that are not among `current`. */
export function formerClubsOf(accountId: string, current: readonly Club[]): Club[] {
  return formerClubs(parseMemory(storage()?.getItem(KEY)), accountId, current);
}

/** From now on `current` are the clubs `accountId` manages (a former club, once told, is forgotten too). */
export function rememberClubs(accountId: string, current: readonly Club[]): void {
  try {
    const clubs = current.map(({ id, name }) => ({ id, name }));
    storage()?.setItem(KEY, JSON.stringify({ accountId, clubs } satisfies Memory));
  } catch {
    // A full or blocked storage: the notice is a courtesy, the pages work without it.
  }
}
