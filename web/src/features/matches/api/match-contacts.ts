import { z } from 'zod';
import { request } from '../../../lib/http';
import { MATCHES_API } from '@courtside/events/api-paths';

const contactMemberSchema = z.object({
  name: z.string(),
  email: z.string().nullable().optional(),
  phoneNumber: z.object({ countryCode: z.string(), number: z.string() }).nullable().optional(),
});
const matchContactsSchema = z.object({
  defender: z.array(contactMemberSchema),
  challenger: z.array(contactMemberSchema),
});
export type MatchContacts = z.infer<typeof matchContactsSchema>;

/** The members of both sides with email and phone (the match's players and the club's managers only). */
export function getMatchContacts(id: string, signal?: AbortSignal): Promise<MatchContacts> {
  return request('GET', `${MATCHES_API}/matches/${encodeURIComponent(id)}/contactinfo`, {
    schema: matchContactsSchema,
    signal,
  });
}
