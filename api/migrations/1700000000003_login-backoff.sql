-- Up Migration
-- A counter can be blocked until a moment of its own: past its limit a sign-in key waits longer after every
-- further failure (backoff), instead of until its window ends.
ALTER TABLE rate_limits ADD COLUMN blocked_until timestamptz;

-- Down Migration
ALTER TABLE rate_limits DROP COLUMN blocked_until;
