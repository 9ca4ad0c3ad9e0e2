import { ADMIN_API } from '@courtside/events/api-paths';

/** `…/admin/v1/companies/{companyId}`: the prefix of a company's admin calls (spec §7), for every feature. */
export const companyPath = (companyId: string) => `${ADMIN_API}/companies/${encodeURIComponent(companyId)}`;
