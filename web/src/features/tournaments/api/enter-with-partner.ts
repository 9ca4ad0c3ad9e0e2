import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useTranslation } from '../../../hooks/useTranslation';
import type { TFunction } from '../../../lib/i18n';
import { request } from '../../../lib/http';
import { tournamentPath } from './tournaments';

/**
 * A doubles knockout's entry with a partner named by email (DESIGN.md §16 with §9): the form's schema, the call and
 * the form hook. Full zod and react-hook-form: only the lazily loaded partner form imports this module, so the
 * tournament page's first JavaScript does not carry them (docs/decisions/web.md, "Size budget").
 */
export const partnerEntrySchema = (t: TFunction) =>
  z.object({
    partnerEmail: z
      .string()
      .trim()
      .min(1, t('form.required'))
      .pipe(z.email(t('form.email'))),
  });
export type PartnerEntryInput = z.input<ReturnType<typeof partnerEntrySchema>>;

/** The signed-in player enters with `partnerEmail`; the partner is mailed and the entry waits for their yes. */
export const enterWithPartner = (tournamentId: string, partnerEmail: string) =>
  request('POST', `${tournamentPath(tournamentId)}/entries`, {
    body: { partnerEmail },
    schema: z.object({ entryId: z.string() }),
  });

/** A partner request of the caller's that waits for the partner's answer; `lapsesAt` unknown just after asking. */
export interface OwnPartnerRequest {
  entryId: string;
  /** The address asked; null once it was erased. */
  partnerEmail: string | null;
  lapsesAt?: string;
}

const ownPartnerRequestsSchema = z.array(
  z.object({ entryId: z.string(), partnerEmail: z.string().nullable(), lapsesAt: z.string() }),
);

/** The caller's own requests for the tournament that wait for an answer (never another person's). */
export const getOwnPartnerRequests = (
  tournamentId: string,
  signal?: AbortSignal,
): Promise<OwnPartnerRequest[]> =>
  request('GET', `${tournamentPath(tournamentId)}/partner-requests`, {
    schema: ownPartnerRequestsSchema,
    signal,
  });

/** The partner form, checked in the browser with the page's texts before it is sent. */
export function usePartnerEntryForm() {
  const { t } = useTranslation();
  const schema = useMemo(() => partnerEntrySchema(t), [t]);
  return useForm<PartnerEntryInput, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { partnerEmail: '' },
  });
}
