-- Up Migration
-- DESIGN.md §16 with §9: the partner requests and managers' invitations of a tournament, as their events left them:
-- [{invitationId, entryId, registrantId?, lapsesAt, state}] ("open", then "accepted", "declined", "withdrawn" or
-- "lapsed"). The addresses are the api's (`courtside.invitations`, kind `tournament`), beside the log.
ALTER TABLE tournaments ADD COLUMN invitations jsonb NOT NULL DEFAULT '[]';

-- Down Migration
ALTER TABLE tournaments DROP COLUMN invitations;
