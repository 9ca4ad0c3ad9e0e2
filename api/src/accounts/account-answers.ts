import { z } from 'zod';

/** What the account routes answer (DESIGN.md §2 and §3), for the API reference and its checks. */
export const phoneNumberSchema = z
  .object({
    countryCode: z.string().describe('Country calling code, digits only: "31"'),
    number: z.string().describe('National significant number, digits only, without a trunk 0'),
  })
  .meta({ id: 'PhoneNumber' });

export const accountSchema = z
  .object({
    id: z.uuid(),
    email: z.email(),
    fullName: z.string().nullable(),
    phoneNumber: phoneNumberSchema.nullable(),
  })
  .meta({ id: 'Account', description: 'The signed-in account.' });

export const signedInAccountSchema = accountSchema
  .extend({
    calendarUrl: z
      .url()
      .describe('The account’s own calendar feed (DESIGN.md §6): subscribe to it, keep it secret'),
  })
  .meta({ id: 'SignedInAccount', description: 'The signed-in account, with its calendar feed.' });

export const signUpAnswerSchema = z.object({
  id: z.uuid(),
  refresh: z.string().describe('The verification ticket: send it back with the mailed code'),
  verified: z.literal(true).optional().describe('Signed up from an invitation link: verified at once'),
});
export const codeAnswerSchema = z.object({ refresh: z.string() });
export const refreshAnswerSchema = z.object({
  expiresAt: z
    .number()
    .int()
    .describe('When access runs out, epoch milliseconds (also the `courtside.expire` cookie)'),
});
export const unverifiedSchema = z.object({
  error: z.string(),
  id: z.uuid(),
  refresh: z.string().describe('Verify with this ticket and the code mailed last'),
  codeMailed: z
    .boolean()
    .describe('Whether a new code was mailed now: no more than 5 in 15 minutes (DESIGN.md §19)'),
});

const exportedList = (description: string) => z.array(z.looseObject({})).describe(description);

/** GET account/export (DESIGN.md §10): everything about the caller. Ids only where others are named. */
export const accountExportSchema = z
  .object({
    account: accountSchema,
    preferences: z.looseObject({ language: z.string() }),
    managerRoles: z.array(z.object({ companyId: z.uuid(), companyName: z.string() })),
    teams: exportedList('The teams the caller plays in, with their members’ ids'),
    matches: exportedList('The matches of those teams, with their scores'),
    challenges: exportedList('The challenges of those teams'),
    livePointsScored: exportedList('The points the caller scored live (PointScored, PointUndone events)'),
    notifications: exportedList('The caller’s notifications, in each language they were written in'),
    invitations: exportedList(
      'Invitations the caller sent, and those sent to any address the caller confirmed while it was theirs',
    ),
    ratings: exportedList(
      'The caller’s ratings per club and sports category as the player page shows them, each with its history',
    ),
    disputeReasons: exportedList('The reasons the caller wrote when disputing a result, with the match'),
  })
  .meta({ id: 'AccountExport', description: 'Every fact about the signed-in account.' });
