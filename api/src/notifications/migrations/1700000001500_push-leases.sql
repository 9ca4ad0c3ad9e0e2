-- Up Migration
-- DESIGN.md §17, the push sender: a push on its way is claimed with a lease (docs/decisions/notifications.md "Claimed
-- with a lease, sent outside any transaction") instead of a transaction held across the request to the push service.
-- `lease` says whose attempt may record its outcome; a sender that crashed mid-send leaves `leased_until` behind, and
-- once that has passed the push is claimed again (same row, same `Topic`).
ALTER TABLE push_outbox ADD COLUMN lease uuid, ADD COLUMN leased_until timestamptz;
-- Due and not on its way: the claim reads this in order, never stepping over the pushes other senders hold.
DROP INDEX push_outbox_due;
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at, id)
  WHERE sent_at IS NULL AND failed_at IS NULL AND leased_until IS NULL;
-- On its way: a few hundred rows at most; a lease that has passed is found here.
CREATE INDEX push_outbox_leased ON push_outbox (leased_until) WHERE leased_until IS NOT NULL;

-- Down Migration
DROP INDEX push_outbox_leased;
DROP INDEX push_outbox_due;
CREATE INDEX push_outbox_due ON push_outbox (next_attempt_at, id) WHERE sent_at IS NULL AND failed_at IS NULL;
ALTER TABLE push_outbox DROP COLUMN leased_until, DROP COLUMN lease;
