-- Up Migration
-- A push's position in its room (1, 2, …) is the cursor live clients hold and resubscribe with: the outbox id counts
-- every push of the platform, which would tell anyone how busy it is (docs/decisions/log-and-consumers.md). room_positions holds each
-- room's last position; taking the next ones locks that room's row, so positions follow the ids within a room.
ALTER TABLE outbox ADD COLUMN position bigint;
UPDATE outbox o SET position = ranked.position
FROM (SELECT id, row_number() OVER (PARTITION BY room ORDER BY id) AS position FROM outbox) ranked
WHERE ranked.id = o.id;
ALTER TABLE outbox ALTER COLUMN position SET NOT NULL;

CREATE TABLE room_positions (
  room text PRIMARY KEY,
  last bigint NOT NULL
);
INSERT INTO room_positions (room, last) SELECT room, max(position) FROM outbox GROUP BY room;

-- Down Migration
DROP TABLE room_positions;
ALTER TABLE outbox DROP COLUMN position;
