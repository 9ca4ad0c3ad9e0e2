/** English texts of the manager screen's "Managers" section (DESIGN.md §9 "Managers"); managers-nl.ts has the same shape. */
const managersEn = {
  managers: {
    title: 'Managers',
    intro: 'Every manager may do all that a manager does for this club. A club keeps at least one manager.',
    list: 'Managers of {{company}}',
    you: 'you',
    since: 'Manager since {{date}}',
    remove: 'Remove',
    removeLabel: 'Remove {{name}} as a manager',
    removeConfirm: 'Remove {{name}} as a manager? They lose access to {{company}} at once.',
    removeSelfConfirm: 'Remove yourself as a manager? You lose access to {{company}} at once.',
    removeYes: 'Remove',
    removed: '{{name}} no longer manages {{company}}.',
    lastManager:
      '{{name}} is the last manager of {{company}} and cannot be removed. Invite another manager first.',
    invitations: 'Pending invitations',
    noInvitations: 'No pending invitations.',
    invitedAt: 'Invited {{date}}',
    expiresAt: 'Expires {{date}}',
    revoke: 'Revoke',
    revokeLabel: 'Revoke the invitation to {{email}}',
    revokeConfirm: 'Revoke the invitation to {{email}}? Its link stops working.',
    revokeYes: 'Revoke',
    revoked: 'The invitation to {{email}} was revoked.',
    invite: 'Invite a manager',
    email: 'Email address',
    emailHint: 'They get a link by email to accept; it works once and lasts 14 days.',
    emailMissing: 'Enter an email address',
    send: 'Send invitation',
    sending: 'Sending…',
    invited: 'An invitation was mailed to {{email}}.',
    alreadyManager: '{{email}} manages this club already.',
    cancel: 'Cancel',
    loading: 'Loading the managers…',
  },
};

export default managersEn;
export type ManagersTranslation = typeof managersEn;
