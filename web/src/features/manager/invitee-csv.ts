import { isEmailAddress } from '@courtside/events/email';

/**
 * DESIGN.md §9 "Inviting players": the manager's pasted or uploaded list, one invitee a line — an address alone or
 * CSV `email,fullName,partnerEmail` (`,` or `;`, with or without a header row, simple quoted fields) — read into rows
 * with the problem each has, before anything is sent. Pure: no React, no network.
 */
export type InviteeProblem =
  'EMAIL_MISSING' | 'EMAIL_INVALID' | 'DUPLICATE' | 'PARTNER_MISSING' | 'PARTNER_INVALID';

export interface InviteeRow {
  /** The line number in the text (1-based), to point at. */
  line: number;
  email: string;
  fullName?: string;
  partnerEmail?: string;
  problem?: InviteeProblem;
}

/**
 * The server's own address rule (DESIGN.md §19 "Invitations"): what the preview marks ready is what the server
 * invites, and every address it would skip as `INVALID_EMAIL` is marked here (`renée@…` too).
 */
export const isEmail = isEmailAddress;

/** One line's fields: `;` when the line has one outside quotes and no `,` outside quotes, else `,`. */
export function splitFields(line: string): string[] {
  const separator = outsideQuotes(line).includes(';') && !outsideQuotes(line).includes(',') ? ';' : ',';
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        current += '"';
        index++;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      fields.push(current.trim());
      current = '';
    } else current += char;
  }
  fields.push(current.trim());
  return fields;
}

function outsideQuotes(line: string): string {
  return line.replace(/"[^"]*"?/g, '');
}

/** A header row: its first field is not an address but names one ("email", "e-mail", "E-mailadres"…). */
function isHeader(fields: string[]): boolean {
  const first = (fields[0] ?? '').toLowerCase();
  return !first.includes('@') && /e-?mail/.test(first);
}

/**
 * The rows of `text`, blank lines left out, addresses in lower case; `teamSize` 2 (doubles, padel) makes a missing
 * partner a problem. A row repeating an earlier row's address (as invitee or partner) is a `DUPLICATE`.
 */
export function parseInvitees(text: string, teamSize: 1 | 2): InviteeRow[] {
  const rows: InviteeRow[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r\n|\r|\n/);
  lines.forEach((raw, index) => {
    if (raw.trim() === '') return;
    const fields = splitFields(raw);
    if (rows.length === 0 && index === lines.findIndex((line) => line.trim() !== '') && isHeader(fields))
      return;
    const [email = '', fullName = '', partnerEmail = ''] = fields.map((field) => field.trim());
    const row: InviteeRow = { line: index + 1, email: email.toLowerCase() };
    if (fullName) row.fullName = fullName;
    if (partnerEmail) row.partnerEmail = partnerEmail.toLowerCase();
    row.problem = problemOf(row, teamSize, seen);
    if (row.problem === undefined)
      for (const address of [row.email, row.partnerEmail]) if (address) seen.add(address);
    rows.push(row);
  });
  return rows;
}

function problemOf(row: InviteeRow, teamSize: 1 | 2, seen: Set<string>): InviteeProblem | undefined {
  if (!row.email) return 'EMAIL_MISSING';
  if (!isEmail(row.email)) return 'EMAIL_INVALID';
  if (row.partnerEmail !== undefined && !isEmail(row.partnerEmail)) return 'PARTNER_INVALID';
  if (teamSize === 2 && row.partnerEmail === undefined) return 'PARTNER_MISSING';
  if (seen.has(row.email) || (row.partnerEmail !== undefined && seen.has(row.partnerEmail)))
    return 'DUPLICATE';
  if (row.partnerEmail === row.email) return 'DUPLICATE';
  return undefined;
}
