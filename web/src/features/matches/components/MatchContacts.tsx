import { useTranslation } from '../../../hooks/useTranslation';
import { contactLinks } from '../../../lib/contact-links';
import { Spinner } from '../../../components/feedback/Spinner';
import { ChatIcon, LockChatIcon, MailIcon, PhoneIcon } from '../../../components/icons/icons';
import { useMatchContacts } from '../api/match-contacts';

const iconLinkClass =
  'inline-flex size-8 items-center justify-center rounded-md text-ink-500 hover:bg-brand-50 hover:text-brand-800';

/**
 * The members of both sides of a match with mail, tel, WhatsApp and Signal links (spec §1, DESIGN.md §4
 * "Contact links"), loaded when shown. Only the match's players and the club's managers get them (403).
 */
export function MatchContacts({ matchId }: { matchId: string }) {
  const { t } = useTranslation();
  const state = useMatchContacts(matchId);

  if (state.kind === 'loading') {
    return (
      <p className="flex items-center gap-2 text-sm text-ink-600" role="status">
        <Spinner className="size-4" />
        <span className="sr-only">{t('matchCard.contact.title')}</span>
      </p>
    );
  }
  if (state.kind !== 'loaded') {
    return (
      <p className="text-sm text-red-700" role="alert">
        {t(`matchCard.contact.${state.kind}`)}
      </p>
    );
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2" data-testid="match-contacts">
      {(['defender', 'challenger'] as const).map((side) => (
        <section key={side} className="min-w-0">
          <h3 className="text-xs font-semibold tracking-wide text-ink-500 uppercase">
            {t(`matchCard.${side}`)}
          </h3>
          <ul className="mt-1 space-y-1">
            {state.contacts[side].map((member, index) => {
              const links = contactLinks(member);
              const name = member.name;
              const items = [
                { href: links.mail, label: t('matchCard.contact.mail', { name }), icon: <MailIcon /> },
                { href: links.tel, label: t('matchCard.contact.tel', { name }), icon: <PhoneIcon /> },
                {
                  href: links.whatsApp,
                  label: t('matchCard.contact.whatsApp', { name }),
                  icon: <ChatIcon />,
                  external: true,
                },
                {
                  href: links.signal,
                  label: t('matchCard.contact.signal', { name }),
                  icon: <LockChatIcon />,
                  external: true,
                },
              ].filter((item) => item.href);
              return (
                <li key={`${index}-${name}`} className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
                  <span className="min-w-0 text-sm font-medium break-words text-ink-900">{name}</span>
                  {items.length === 0 ? (
                    <span className="text-xs text-ink-500">{t('matchCard.contact.none')}</span>
                  ) : (
                    <span className="flex items-center">
                      {items.map((item) => (
                        <a
                          key={item.href}
                          href={item.href}
                          className={iconLinkClass}
                          title={item.label}
                          aria-label={item.label}
                          {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
                        >
                          {item.icon}
                        </a>
                      ))}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
