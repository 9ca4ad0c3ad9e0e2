-- Up Migration
-- DESIGN.md §17 "Fewer mails".
-- A mail that is no notification's may carry an idempotency key: the waiting teams' digest is one mail per manager,
-- company and day (`team.waiting:{companyId}:{accountId}:{day}`), queued once whatever restarts or how many api
-- processes make it. NULL (every other mail) is never equal to another NULL, so those are not limited.
ALTER TABLE mail_outbox ADD COLUMN idempotency_key text UNIQUE;

-- A notification whose mail was withdrawn (a result withdrawn before its `result.toConfirm` mail went): a sender that
-- held the mail while it was withdrawn drops it after a failed attempt instead of trying again.
ALTER TABLE notifications ADD COLUMN mail_withdrawn_at timestamptz;

-- Down Migration
ALTER TABLE notifications DROP COLUMN mail_withdrawn_at;
ALTER TABLE mail_outbox DROP COLUMN idempotency_key;
