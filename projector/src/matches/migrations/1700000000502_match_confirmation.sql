-- Up Migration
-- DESIGN.md §5 "Results and confirmation": a player's result waits for the other side until confirmation_due_at.
ALTER TABLE matches
  ADD COLUMN confirmation_state text NOT NULL DEFAULT 'confirmed',
  ADD COLUMN confirmation_due_at timestamptz,
  ADD COLUMN entered_by uuid,
  ADD COLUMN entered_side text,
  ADD COLUMN dispute_reason text;
CREATE INDEX matches_pending ON matches (confirmation_due_at) WHERE confirmation_state = 'pending';

-- Down Migration
DROP INDEX matches_pending;
ALTER TABLE matches DROP COLUMN confirmation_state, DROP COLUMN confirmation_due_at, DROP COLUMN entered_by,
  DROP COLUMN entered_side, DROP COLUMN dispute_reason;
