-- Up Migration
-- The outbox carries every mail, not only the notifications' (issue 36): sign-up codes, and the invitations, password
-- resets and email changes of DESIGN.md §9–10. A mail server that is down delays a mail; it fails no request.
ALTER TABLE mail_outbox
  ALTER COLUMN notification_id DROP NOT NULL,
  ALTER COLUMN html_body DROP NOT NULL,
  ALTER COLUMN unsubscribe_url DROP NOT NULL,
  -- the account a mail that is no notification is about: erasing the account deletes its mail
  ADD COLUMN account_id uuid REFERENCES accounts (id) ON DELETE CASCADE,
  -- a one-time code the mail carries: the dev outbox shows it on its own line
  ADD COLUMN code text,
  -- a newer mail with the same key takes the place of an older one not sent yet (a new code makes the last one void)
  ADD COLUMN replaces text,
  -- the Message-ID of a mail that is no notification's: random, so it tells nobody how many mails went out
  ADD COLUMN message_key uuid NOT NULL DEFAULT gen_random_uuid();
CREATE INDEX mail_outbox_replaces ON mail_outbox (replaces) WHERE sent_at IS NULL AND replaces IS NOT NULL;

-- Down Migration
DROP INDEX mail_outbox_replaces;
DELETE FROM mail_outbox WHERE notification_id IS NULL;
ALTER TABLE mail_outbox
  DROP COLUMN message_key,
  DROP COLUMN replaces,
  DROP COLUMN code,
  DROP COLUMN account_id,
  ALTER COLUMN unsubscribe_url SET NOT NULL,
  ALTER COLUMN html_body SET NOT NULL,
  ALTER COLUMN notification_id SET NOT NULL;
