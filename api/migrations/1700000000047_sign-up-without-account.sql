-- Up Migration
-- DESIGN.md §19 "Sign-up tells no one who has an account": a sign-up with an address that has an account answers as a
-- new one does, with a ticket that works as any other (wrong codes, new codes, the lock) but belongs to no account.
-- Its pending verification has an id that is in no account row, so the reference to accounts goes.
ALTER TABLE email_verifications DROP CONSTRAINT email_verifications_account_id_fkey;

-- Down Migration
DELETE FROM email_verifications WHERE account_id NOT IN (SELECT id FROM accounts);
ALTER TABLE email_verifications
  ADD CONSTRAINT email_verifications_account_id_fkey FOREIGN KEY (account_id) REFERENCES accounts (id) ON DELETE CASCADE;
