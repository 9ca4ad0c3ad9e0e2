/** English texts of a team's pause control on the standings (DESIGN.md §9 "Pause"). */
const pauseEn = {
  pause: {
    title: 'Pause your team',
    intro:
      'Away or injured? While paused, your team keeps its place, cannot challenge or be challenged, and does not drop for inactivity.',
    until: 'First day back',
    daysLeft_one: 'You have {{count}} pause day left this season.',
    daysLeft_other: 'You have {{count}} pause days left this season.',
    noDaysLeft: 'Your team has no pause days left this season.',
    pause: 'Pause',
    pausing: 'Pausing…',
    paused: 'Your team is paused until {{day}}.',
    resume: 'Resume now',
    resuming: 'Resuming…',
    resumed: 'Your team is back on the ladder.',
    pausedDone: 'Your team is paused until {{day}}.',
    errors: {
      UNTIL: 'Choose a day after today.',
      PAUSE_TOO_LONG: 'That is longer than the pause days your team has left. Choose an earlier day.',
      BUSY: 'Your team is in a challenge: play or settle it first, then pause.',
      PAUSING_OFF: 'Pausing is turned off in this season.',
      NOT_PAUSED: 'Your team is not paused any more.',
    },
  },
};

export default pauseEn;
export type PauseTranslation = typeof pauseEn;
