import { describe, expect, it } from 'vitest';
import en from '../../../locales/en';
import nl from '../../../locales/nl';
import managerEn from '../../../locales/manager-en';
import managerNl from '../../../locales/manager-nl';
import type { TFunction } from '../../../lib/i18n';
import { Translations } from '../../../lib/translations';
import { auditSummary, emptyNames, learnNames } from './audit-summary';
import { productEvents } from '@courtside/events/catalog';

const translations = new Translations({ language: 'en', fallbackLanguage: 'en' })
  .addResourceBundle('en', 'translation', en)
  .addResourceBundle('nl', 'translation', nl)
  .addResourceBundle('en', 'translation', managerEn)
  .addResourceBundle('nl', 'translation', managerNl);
const i18n = { getFixedT: (language: string) => translations.getFixedT(language) as TFunction };
const ladderId = '11111111-1111-4111-8111-111111111111';
const seasonId = '22222222-2222-4222-8222-222222222222';

describe('audit summaries', () => {
  const names = emptyNames();
  learnNames(names, { type: 'LadderCreated', payload: { ladderId, name: 'Summer Singles' } });
  learnNames(names, { type: 'SeasonCreated', payload: { seasonId, ladderId, name: 'Winter' } });

  it('reads ladder and season events in English', () => {
    const t = i18n.getFixedT('en');
    expect(
      auditSummary({ type: 'LadderCreated', payload: { ladderId, name: 'Summer Singles' } }, names, t),
    ).toBe('Created ladder Summer Singles');
    expect(
      auditSummary({ type: 'SeasonUpdated', payload: { seasonId, ladderId, name: 'Winter' } }, names, t),
    ).toBe('Changed season Winter of Summer Singles');
    expect(
      auditSummary({ type: 'TeamAccepted', payload: { seasonId, ladderId, teamId: 'x' } }, names, t),
    ).toBe('Accepted a team in Winter');
    expect(auditSummary({ type: 'TeamPositionChanged', payload: { seasonId, position: 2 } }, names, t)).toBe(
      'Moved a team to #2 in Winter',
    );
    expect(
      auditSummary(
        { type: 'ChallengerLeapfrogged', payload: { seasonId, fromPosition: 4, toPosition: 2 } },
        names,
        t,
      ),
    ).toBe('A challenger moved from #4 to #2 in Winter');
    expect(
      auditSummary({ type: 'PointScored', payload: { seasonId, seq: 7, winner: 'defender' } }, names, t),
    ).toBe('Scored point 7 of a live match in Winter');
    expect(auditSummary({ type: 'PointUndone', payload: { seasonId, seq: 7 } }, names, t)).toBe(
      'Took back point 7 of a live match in Winter',
    );
    expect(auditSummary({ type: 'ResultWithdrawn', payload: { seasonId } }, names, t)).toBe(
      'Took back a live match’s result with its last point in Winter',
    );
  });

  it('reads them in Dutch', () => {
    const t = i18n.getFixedT('nl');
    expect(
      auditSummary({ type: 'LadderDeleted', payload: { ladderId, name: 'Summer Singles' } }, names, t),
    ).toBe('Ladder Summer Singles verwijderd');
    expect(auditSummary({ type: 'TeamRemoved', payload: { seasonId } }, names, t)).toBe(
      'Een team verwijderd uit Winter',
    );
    expect(auditSummary({ type: 'ChallengeIssued', payload: { seasonId } }, names, t)).toBe(
      'Een team uitgedaagd in Winter',
    );
    expect(auditSummary({ type: 'ResultDisputed', payload: { seasonId, reason: 'x' } }, names, t)).toBe(
      'Een uitslag betwist in Winter',
    );
    expect(auditSummary({ type: 'ResultWithdrawn', payload: { seasonId } }, names, t)).toBe(
      'De uitslag van een live wedstrijd met het laatste punt teruggenomen in Winter',
    );
    expect(auditSummary({ type: 'PartnerRequestDeclined', payload: { seasonId } }, names, t)).toBe(
      'Een partnerverzoek geweigerd in Winter',
    );
  });

  it('names the invitation and manager events in both languages (DESIGN.md §9)', () => {
    const said = (language: string, type: string, payload: Record<string, unknown>) =>
      auditSummary({ type, payload }, names, i18n.getFixedT(language));
    const events: Array<[string, Record<string, unknown>]> = [
      ['PlayersInvited', { seasonId }],
      ['InvitationRevoked', { seasonId, invitationId: 'i' }],
      ['InvitationAccepted', { seasonId, invitationId: 'i' }],
      ['InvitationRevoked', { invitationId: 'i', companyId: 'c' }],
      ['ManagerInvited', {}],
      ['ManagerAdded', {}],
      ['ManagerRemoved', {}],
    ];
    expect(events.map(([type, payload]) => said('en', type, payload))).toEqual([
      'Invited players into Winter',
      'Revoked an invitation to Winter',
      'Accepted an invitation to Winter',
      'Revoked an invitation to manage the company',
      'Invited a manager',
      'A manager joined',
      'Removed a manager',
    ]);
    expect(events.map(([type, payload]) => said('nl', type, payload))).toEqual([
      'Spelers uitgenodigd voor Winter',
      'Een uitnodiging voor Winter ingetrokken',
      'Een uitnodiging voor Winter geaccepteerd',
      'Een uitnodiging als beheerder ingetrokken',
      'Een beheerder uitgenodigd',
      'Een beheerder kwam erbij',
      'Een beheerder verwijderd',
    ]);
  });

  it('names every event type of the product in Dutch, none by its English type name', () => {
    const t = i18n.getFixedT('nl');
    const other = (type: string) =>
      type.replace(/([a-z])([A-Z])/g, (_, a: string, b: string) => `${a} ${b.toLowerCase()}`);
    const fallbacks = productEvents
      .map(({ type }) => ({ type, summary: auditSummary({ type, payload: { seasonId } }, names, t) }))
      .filter(({ type, summary }) => summary === other(type));
    expect(fallbacks).toEqual([]);
    expect(
      auditSummary(
        { type: 'ChallengerSwapped', payload: { seasonId, fromPosition: 4, toPosition: 2 } },
        names,
        t,
      ),
    ).toBe('Een uitdager wisselde van plaats, van #4 naar #2 in Winter');
    expect(auditSummary({ type: 'SeasonRulesChanged', payload: { seasonId } }, names, t)).toBe(
      'Ladderregels van Winter gewijzigd',
    );
  });

  it('copes with unknown seasons and unknown types', () => {
    const t = i18n.getFixedT('en');
    expect(auditSummary({ type: 'TeamRejected', payload: { seasonId: 'gone' } }, names, t)).toBe(
      'Rejected a team in unknown',
    );
    expect(auditSummary({ type: 'TournamentOpened', payload: null }, names, t)).toBe('Tournament opened');
  });
});

describe('audit summaries: a pause', () => {
  const names = emptyNames();
  learnNames(names, { type: 'SeasonCreated', payload: { seasonId, ladderId, name: 'Winter' } });
  const paused = {
    type: 'TeamPaused',
    payload: { seasonId, teamId: 't', from: '2026-07-30', until: '2026-08-12' },
  };

  it('says the first day back as a date of the page’s language, not the raw day', () => {
    expect(auditSummary(paused, names, i18n.getFixedT('en'), 'en')).toBe(
      'A team paused until 12 Aug 2026 in Winter',
    );
    expect(auditSummary(paused, names, i18n.getFixedT('nl'), 'nl')).toBe(
      'Een team gepauzeerd tot 12 aug. 2026 in Winter',
    );
  });
});
