import type { ManagersTranslation } from './managers-en';

/** Dutch texts of the manager screen's "Managers" section; managers-texts.ts adds them with the section. */
const managersNl: ManagersTranslation = {
  managers: {
    title: 'Beheerders',
    intro:
      'Elke beheerder mag alles wat een beheerder voor deze club doet. Een club houdt minstens één beheerder.',
    list: 'Beheerders van {{company}}',
    you: 'jij',
    since: 'Beheerder sinds {{date}}',
    remove: 'Verwijderen',
    removeLabel: '{{name}} als beheerder verwijderen',
    removeConfirm: '{{name}} als beheerder verwijderen? Diegene verliest meteen de toegang tot {{company}}.',
    removeSelfConfirm: 'Jezelf als beheerder verwijderen? Je verliest meteen de toegang tot {{company}}.',
    removeYes: 'Verwijderen',
    removed: '{{name}} beheert {{company}} niet meer.',
    lastManager:
      '{{name}} is de laatste beheerder van {{company}} en kan niet worden verwijderd. Nodig eerst een andere beheerder uit.',
    invitations: 'Openstaande uitnodigingen',
    noInvitations: 'Geen openstaande uitnodigingen.',
    invitedAt: 'Uitgenodigd {{date}}',
    expiresAt: 'Verloopt {{date}}',
    revoke: 'Intrekken',
    revokeLabel: 'De uitnodiging aan {{email}} intrekken',
    revokeConfirm: 'De uitnodiging aan {{email}} intrekken? De link werkt dan niet meer.',
    revokeYes: 'Intrekken',
    revoked: 'De uitnodiging aan {{email}} is ingetrokken.',
    invite: 'Een beheerder uitnodigen',
    email: 'E-mailadres',
    emailHint:
      'Diegene krijgt een link per e-mail om te accepteren; die werkt één keer en is 14 dagen geldig.',
    emailMissing: 'Vul een e-mailadres in',
    send: 'Uitnodiging versturen',
    sending: 'Bezig met versturen…',
    invited: 'Er is een uitnodiging gemaild naar {{email}}.',
    alreadyManager: '{{email}} beheert deze club al.',
    cancel: 'Annuleren',
    loading: 'De beheerders worden geladen…',
  },
};

export default managersNl;
