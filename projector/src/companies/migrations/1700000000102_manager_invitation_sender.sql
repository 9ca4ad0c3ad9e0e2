-- Up Migration
-- DESIGN.md §19 "Managers": removing a manager revokes the invitations they sent, so the company rules' loader needs
-- each invitation's sender (ManagerInvited.invitedBy; null for invitations logged before it was named).
ALTER TABLE manager_invitations ADD COLUMN invited_by uuid;

-- Down Migration
ALTER TABLE manager_invitations DROP COLUMN invited_by;
