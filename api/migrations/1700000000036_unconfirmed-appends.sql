-- Up Migration
-- A company whose last append the log has not confirmed yet (issue 36): the api that sent it answered when its bound
-- ran out and let go of the company's lock, but no command of the company may decide until that append has settled
-- (it may still be written, and a command decided without it would fork the company's hash chain). The sender
-- renews `until` while it waits and deletes the row once the append settled; a sender that died stops renewing, and
-- the row counts for nothing after `until`.
CREATE TABLE unconfirmed_appends (
  company_id text NOT NULL,
  log text NOT NULL,
  -- the sender's own mark: only it confirms or clears the row
  token uuid NOT NULL,
  until timestamptz NOT NULL,
  PRIMARY KEY (company_id, log)
);

-- Down Migration
DROP TABLE unconfirmed_appends;
