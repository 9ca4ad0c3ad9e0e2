import { request } from '../../../lib/http';
import { companySchema, type Company } from '../../../lib/account-api';
import { ACCOUNT_API } from '@courtside/events/api-paths';

/** Creates a company owned by the signed-in user (who thereby becomes a manager). */
export function createCompany(name: string): Promise<Company> {
  return request('POST', `${ACCOUNT_API}/companies`, { body: { name }, schema: companySchema });
}
