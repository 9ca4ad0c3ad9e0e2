/** English texts of the question a challenge asks before it goes out (loaded with it, not with the standings). */
const challengeQuestionEn = {
  challengeQuestion: {
    title: 'Challenge {{team}}? They get a mail and answer within the season’s time.',
    confirm: 'Send challenge',
    cancel: 'Cancel',
  },
};

export default challengeQuestionEn;
export type ChallengeQuestionTranslation = typeof challengeQuestionEn;
