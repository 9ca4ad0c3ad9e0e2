-- Up Migration
-- DESIGN.md §8: the event exactly as the log holds it (with its hash), for the history, the exports and the chain
-- check. Rows projected before this column existed keep NULL until a replay (`npm run replay`) rebuilds them.
ALTER TABLE company_events ADD COLUMN envelope jsonb;

-- Down Migration
ALTER TABLE company_events DROP COLUMN envelope;
