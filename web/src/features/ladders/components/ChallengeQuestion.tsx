import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useTranslation } from '../../../hooks/useTranslation';
import { i18n } from '../../../lib/i18n';
import { addChallengeQuestionTexts } from '../../../locales/challenge-question-texts';

addChallengeQuestionTexts(i18n);

/**
 * A challenge asks before it goes out (a tap on a phone is easily made by accident): the opponent named, Cancel
 * focused. Loaded with its texts when a player first presses Challenge (the standings' size budget).
 */
export function ChallengeQuestion({ team, onClose }: { team: string; onClose(confirmed: boolean): void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      tone="primary"
      message={t('challengeQuestion.title', { team })}
      confirmLabel={t('challengeQuestion.confirm')}
      cancelLabel={t('challengeQuestion.cancel')}
      onClose={onClose}
    />
  );
}
