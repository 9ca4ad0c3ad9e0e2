-- Up Migration
-- DESIGN.md §17 "Fewer mails": every invitation mail (a season's, a co-manager's, a partner request's) counted for
-- its company and its recipient over 24 hours. The recipient is a hash of the address, so the table holds no
-- address; a row is taken before the mail is sent (`reservation`) and given back when its invitation is not made.
CREATE TABLE invitation_mails (
  id bigserial PRIMARY KEY,
  reservation uuid NOT NULL,
  company_id uuid NOT NULL,
  recipient text NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX invitation_mails_company ON invitation_mails (company_id, sent_at);
CREATE INDEX invitation_mails_recipient ON invitation_mails (recipient, sent_at);
CREATE INDEX invitation_mails_reservation ON invitation_mails (reservation);

-- Down Migration
DROP TABLE invitation_mails;
