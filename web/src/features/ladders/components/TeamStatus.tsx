import { useTranslation } from '../../../hooks/useTranslation';
import type { MyTeam } from '../api/ladders';

const tone: Record<MyTeam['status'], string> = {
  'awaiting-partner': 'bg-sky-50 text-sky-900 ring-sky-200',
  waiting: 'bg-amber-50 text-amber-900 ring-amber-200',
  active: 'bg-brand-50 text-brand-900 ring-brand-200',
  rejected: 'bg-red-50 text-red-800 ring-red-200',
  left: 'bg-ink-100 text-ink-700 ring-ink-200',
};

/** "Waiting for your partner", "Waiting for approval", "Active, #3", "Not accepted" as a badge. */
export function TeamStatus({ team }: { team: MyTeam }) {
  const { t } = useTranslation();
  const text =
    team.status === 'active'
      ? t('ladders.teamStatus.active', { position: team.position ?? '' })
      : team.status === 'awaiting-partner'
        ? t(`ladders.teamStatus.awaitingPartner.${team.partnerRequest?.awaitingAnswerOf ?? 'partner'}`)
        : t(`ladders.teamStatus.${team.status}`);
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone[team.status]}`}
      data-testid="team-status"
    >
      {text}
    </span>
  );
}
