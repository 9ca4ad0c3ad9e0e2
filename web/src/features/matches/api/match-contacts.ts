import { useEffect, useState } from 'react';
import { z } from 'zod';
import { isApiError, request } from '../../../lib/http';
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
type MatchContacts = z.infer<typeof matchContactsSchema>;

/** The members of both sides with email and phone (the match's players and the club's managers only). */
function getMatchContacts(id: string, signal?: AbortSignal): Promise<MatchContacts> {
  return request('GET', `${MATCHES_API}/matches/${encodeURIComponent(id)}/contactinfo`, {
    schema: matchContactsSchema,
    signal,
  });
}

type MatchContactsState =
  { kind: 'loading' } | { kind: 'loaded'; contacts: MatchContacts } | { kind: 'forbidden' | 'failed' };

/** The contacts of a match, loaded when asked for; `forbidden` for anyone but its players and managers (403). */
export function useMatchContacts(matchId: string): MatchContactsState {
  const [state, setState] = useState<MatchContactsState>({ kind: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: 'loading' });
    getMatchContacts(matchId, controller.signal)
      .then((contacts) => setState({ kind: 'loaded', contacts }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ kind: isApiError(error) && error.status === 403 ? 'forbidden' : 'failed' });
      });
    return () => controller.abort();
  }, [matchId]);
  return state;
}
