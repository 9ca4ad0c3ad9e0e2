-- Up Migration
-- DESIGN.md §18, the sender: a delivery on its way is claimed with a lease (docs/decisions/webhooks.md "Claimed with
-- a lease, sent outside any transaction") instead of a transaction held across the HTTP request. `lease` says whose
-- attempt may record its outcome; a sender that crashed mid-send leaves `leased_until` behind, and once that has
-- passed the delivery is claimed again (same row, same `webhook-id`).
ALTER TABLE webhook_deliveries ADD COLUMN lease uuid, ADD COLUMN leased_until timestamptz;
-- "is this endpoint busy": at most a few rows per endpoint carry a lease
CREATE INDEX webhook_deliveries_leased ON webhook_deliveries (webhook_id) WHERE leased_until IS NOT NULL;

-- Down Migration
DROP INDEX webhook_deliveries_leased;
ALTER TABLE webhook_deliveries DROP COLUMN leased_until, DROP COLUMN lease;
