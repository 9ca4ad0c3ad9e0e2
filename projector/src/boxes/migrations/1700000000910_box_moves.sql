-- Up Migration
-- DESIGN.md §12: once a box season is closed, where each side of a box went: BoxesClosed's positions of the box's
-- sides, [{teamId, fromTeamId, position, fromBox?, movement?}] (movement UP, DOWN or STAYS; closes recorded before
-- the close said it have none). The closed season's tables say each side's movement, the next season's where it
-- came from.
ALTER TABLE boxes ADD COLUMN moves jsonb;
-- The next season's tables read the boxes closed into it.
CREATE INDEX boxes_closed_into ON boxes (closed_into) WHERE closed_into IS NOT NULL;

-- Down Migration
DROP INDEX boxes_closed_into;
ALTER TABLE boxes DROP COLUMN moves;
