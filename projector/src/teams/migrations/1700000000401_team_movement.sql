-- Up Migration
-- Places gained (+) or lost (-) by the team's last change of position (DESIGN.md §5 standings); 0 if it never moved.
ALTER TABLE teams ADD COLUMN movement integer NOT NULL DEFAULT 0;

-- Down Migration
ALTER TABLE teams DROP COLUMN movement;
