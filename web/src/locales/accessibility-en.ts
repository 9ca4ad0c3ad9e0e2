/** English texts of the accessibility statement (they load with that page only). */
const accessibilityEn = {
  accessibility: {
    title: 'Accessibility',
    intro:
      'Courtside aims to be usable by everyone: with a keyboard alone, with a screen reader, zoomed in, on a small phone. We aim for WCAG 2.2 level AA on every page.',
    testedTitle: 'What we test, and how',
    tested: {
      axe: 'On every change, an automatic test opens the pages in English and Dutch, at 1280 and 375 pixels wide, signed out, as a player and as a club manager, with its menus and dialogs open, and has axe-core check it. Any problem it finds, of any weight, stops the change.',
      keyboard:
        'Journeys are played with the keyboard alone: signing in, registering for a season, challenging, accepting, entering a score and confirming it, editing and saving a result, scoring a live point, and opening and closing the dialogs: joining a season, accepting a challenge, leaving a season, cancelling and disputing a match, ending a games-only match on the scorer, deleting your account, and the club manager’s confirmations to delete a ladder or a season, remove a team, revoke an invitation and remove a manager. The focus must stay visible, never get lost after an action, and return to what opened a dialog.',
      live: 'Live scores and changes in the standings are announced politely to screen readers, through one announcement area per page: a point at most once, a change in the standings once, and nothing when a page opens.',
      motion: 'When your device asks for reduced motion, the pages do not animate.',
    },
    limitsTitle: 'What we know is not perfect yet',
    limits:
      'Automatic checks find many barriers, not all of them. Our tests run in Chromium only, and check what reaches a screen reader’s announcement area rather than listening with screen readers themselves. Of the club manager’s screens, accepting a team and all waiting teams, moving through a season’s tabs, creating and changing a season, creating a match, entering its result and cancelling it, inviting players, inviting and removing a manager and drawing boxes are played with the keyboard alone so far, not yet every form and list; all of them are checked by axe-core. The page of a password-reset link and the page of an invitation (to play, to manage and a partner’s request, signed out and signed in) are checked by axe-core like every other page; none of them is played with the keyboard alone yet. The widget a club embeds in its own site is checked as our page; the site around it is the club’s.',
    contactTitle: 'Tell us about a barrier',
    contact:
      'Something in your way? Write to the email address of the ladder you play in (the club that runs it gives it with its ladder). Say which page, what you tried and what you use (browser, screen reader, zoom).',
    updated: 'This statement was last reviewed in November 2026.',
  },
};

export default accessibilityEn;
export type AccessibilityTranslation = typeof accessibilityEn;
