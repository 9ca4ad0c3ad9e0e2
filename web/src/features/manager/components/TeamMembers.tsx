import { useTranslation } from '../../../hooks/useTranslation';
import { ChatIcon, LockChatIcon, MailIcon, PhoneIcon } from '../../../components/icons/icons';
import { contactLinks } from '../../../lib/contact-links';
import type { SeasonTeam } from '../api/teams';

const linkClass =
  'inline-flex size-7 items-center justify-center rounded-md text-ink-500 hover:bg-brand-50 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600';

/** The members of a team, each with mail, tel, WhatsApp and Signal links (spec §2 "participant"). */
export function TeamMembers({ team }: { team: SeasonTeam }) {
  const { t } = useTranslation();
  return (
    <ul className="space-y-1">
      {team.members.map((member, index) => {
        const links = contactLinks(member);
        const name = member.fullName;
        return (
          <li key={`${index}-${name}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
            <span className="font-medium break-words text-ink-900">{name}</span>
            <span className="flex items-center">
              {links.mail && (
                <a
                  href={links.mail}
                  className={linkClass}
                  title={t('participants.contact.mail', { name })}
                  aria-label={t('participants.contact.mail', { name })}
                >
                  <MailIcon />
                </a>
              )}
              {links.tel && (
                <a
                  href={links.tel}
                  className={linkClass}
                  title={t('participants.contact.tel', { name })}
                  aria-label={t('participants.contact.tel', { name })}
                >
                  <PhoneIcon />
                </a>
              )}
              {links.whatsApp && (
                <a
                  href={links.whatsApp}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                  title={t('participants.contact.whatsApp', { name })}
                  aria-label={t('participants.contact.whatsApp', { name })}
                >
                  <ChatIcon />
                </a>
              )}
              {links.signal && (
                <a
                  href={links.signal}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={linkClass}
                  title={t('participants.contact.signal', { name })}
                  aria-label={t('participants.contact.signal', { name })}
                >
                  <LockChatIcon />
                </a>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
