-- Up Migration
-- DESIGN.md §10: a dispute written since issue 37 keeps its reason beside the log (courtside.dispute_reasons); the
-- match holds the id, and its view reads the text there (gone once its writer is erased). dispute_reason keeps the
-- text of a dispute written before.
ALTER TABLE matches ADD COLUMN dispute_reason_id uuid;

-- Down Migration
ALTER TABLE matches DROP COLUMN dispute_reason_id;
