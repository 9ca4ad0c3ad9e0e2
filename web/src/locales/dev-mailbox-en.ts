/**
 * English texts of the dev mailbox (development only), added by dev-mailbox-texts.ts as its page loads: no other page
 * carries them. The Dutch ones are in nl.ts.
 */
const devMailboxEn = {
  devMailbox: {
    title: 'Dev mailbox',
    intro: 'Mail sent by the server in development lands here instead of in a real inbox.',
    email: 'Email address',
    show: 'Show mail',
    refresh: 'Refresh',
    off: 'The dev mailbox is off',
    offText: 'This server sends real mail, so there is no outbox to read here.',
    empty: 'No mail for {{email}} yet.',
    prompt: 'Enter an email address to see the mail sent to it.',
    code: 'Code',
    copy: 'Copy code',
    copied: 'Copied',
    to: 'To {{to}}',
    count_one: '{{count}} message',
    count_other: '{{count}} messages',
  },
};

export default devMailboxEn;
export type DevMailboxTranslation = typeof devMailboxEn;
