import type pg from 'pg';
import type { PhoneNumber } from '@courtside/events/accounts/phone';
import { API_ACCOUNTS_TABLE, accountNameSql } from '@courtside/projector/api-tables';
import { confirmAddress } from './account-addresses.ts';

type Queryable = Pick<pg.Pool, 'query'>;

interface Account {
  id: string;
  email: string;
  fullName: string | null;
  phoneNumber: PhoneNumber | null;
}

export interface StoredAccount extends Account {
  passwordHash: string;
  verified: boolean;
}

interface AccountRow {
  id: string;
  /** null once erased */
  email: string | null;
  password_hash: string;
  verified_at: Date | null;
  full_name: string | null;
  phone_country_code: string | null;
  phone_number: string | null;
}

const columns = 'id, email, password_hash, verified_at, full_name, phone_country_code, phone_number';

function fromRow(row: AccountRow): StoredAccount {
  return {
    id: row.id,
    email: row.email ?? '',
    fullName: row.full_name,
    phoneNumber:
      row.phone_country_code && row.phone_number
        ? { countryCode: row.phone_country_code, number: row.phone_number }
        : null,
    passwordHash: row.password_hash,
    verified: row.verified_at !== null,
  };
}

/** What the api shows of an account: never its password hash. */
export function publicAccount(account: StoredAccount): Account {
  return {
    id: account.id,
    email: account.email,
    fullName: account.fullName,
    phoneNumber: account.phoneNumber,
  };
}

/** Names (or emails) of accounts, by id. */
export async function accountNamesOf(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const { rows } = await db.query<{ id: string; full_name: string | null }>(
    `SELECT id::text, ${accountNameSql(API_ACCOUNTS_TABLE, 'NULL')} AS full_name FROM ${API_ACCOUNTS_TABLE} WHERE id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row.full_name]));
}

/** The ids of the accounts with the given addresses (lower case), by address. */
export async function accountIdsByEmail(
  db: Queryable,
  emails: readonly string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM ${API_ACCOUNTS_TABLE} WHERE email = ANY($1::text[])`,
    [emails],
  );
  return new Map(rows.map((row) => [row.email, row.id]));
}

export class AccountStore {
  constructor(private readonly db: pg.Pool) {}

  async byEmail(email: string): Promise<StoredAccount | undefined> {
    const { rows } = await this.db.query<AccountRow>(
      `SELECT ${columns} FROM courtside.accounts WHERE email = $1`,
      [email.toLowerCase()],
    );
    return rows[0] && fromRow(rows[0]);
  }

  async byId(id: string): Promise<StoredAccount | undefined> {
    const { rows } = await this.db.query<AccountRow>(
      `SELECT ${columns} FROM courtside.accounts WHERE id = $1`,
      [id],
    );
    return rows[0] && fromRow(rows[0]);
  }

  /** False when the email address is taken. */
  async create(account: {
    id: string;
    email: string;
    passwordHash: string;
    createdAt: Date;
  }): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `INSERT INTO courtside.accounts (id, email, password_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (email) DO NOTHING`,
      [account.id, account.email.toLowerCase(), account.passwordHash, account.createdAt],
    );
    return rowCount === 1;
  }

  async markVerified(id: string, at: Date): Promise<void> {
    await this.db.query(
      'UPDATE courtside.accounts SET verified_at = coalesce(verified_at, $2) WHERE id = $1',
      [id, at],
    );
    await confirmAddress(this.db, id, at);
  }

  async setMinimal(id: string, fullName: string, phone: PhoneNumber): Promise<void> {
    await this.db.query(
      'UPDATE courtside.accounts SET full_name = $2, phone_country_code = $3, phone_number = $4 WHERE id = $1',
      [id, fullName, phone.countryCode, phone.number],
    );
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE courtside.accounts SET password_hash = $2 WHERE id = $1', [id, passwordHash]);
  }
}
