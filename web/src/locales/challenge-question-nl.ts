import type { ChallengeQuestionTranslation } from './challenge-question-en';

/** Dutch texts of the question a challenge asks before it goes out. */
const challengeQuestionNl: ChallengeQuestionTranslation = {
  challengeQuestion: {
    title: '{{team}} uitdagen? Zij krijgen een mail en antwoorden binnen de tijd van het seizoen.',
    confirm: 'Uitdaging sturen',
    cancel: 'Annuleren',
  },
};

export default challengeQuestionNl;
