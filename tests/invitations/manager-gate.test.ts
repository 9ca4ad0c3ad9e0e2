import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { documented } from '@courtside/api/http/documented-router';
import { managerScope, managersOnly } from '@courtside/api/http/manager-access';
import type { CourtsideModule } from '@courtside/api/module';
import { ACCOUNT_API, ADMIN_API, DEV_MAILBOX_PATH } from '@courtside/events/api-paths';
import { companyDecider } from '@courtside/events/companies/decider';
import { companyStateOf } from '@courtside/projector/companies/queries';
import { managerWithCompany, signedInAccount } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { notesModule } from '../spine/notes-module.ts';

/** Holds a manager's command between the gate and the lock, until the test lets it go on. */
let held: { passedGate: () => void; goOn: Promise<void> } | undefined;

/**
 * A manager route of the test's own, declared like the product's (`manager: 'company'`), that waits after the gate:
 * what a manager's command meets when it is removed while it waits for its turn.
 */
const heldModule: CourtsideModule = {
  name: 'test-held-manager-command',
  routes(router, services) {
    documented(router, services.readModels).post(
      `${ADMIN_API}/test/companies/:companyId/held-invitations`,
      {
        summary: 'Test: invite a manager after the test lets the command go on',
        access: 'session',
        manager: 'company',
        params: z.object({ companyId: z.uuid() }),
        responses: { 201: z.object({}) },
      },
      async (ctx) => {
        const scope = managerScope(ctx);
        held?.passedGate();
        await held?.goOn;
        const outcome = await services.commands.handle({
          companyId: scope.companyId,
          actorId: scope.accountId,
          decider: companyDecider,
          load: managersOnly(scope, (readModels) => companyStateOf(readModels, scope.companyId)),
          command: { type: 'InviteManager', invitationId: randomUUID(), invitedBy: scope.accountId },
          result: {},
        });
        ctx.status = 201;
        ctx.body = outcome.result;
      },
    );
  },
};

/** Who may act on a manager route is asked at the gate (404 to strangers) and again under the lock. */
describe('the manager gate', () => {
  const courtside = courtsideForTests({ extraModules: [notesModule, heldModule] });

  it('answers a stranger 404 before reading the body, and a manager removed while the command waited 404 under the lock', async () => {
    const owner = courtside.client();
    const { company } = await managerWithCompany(owner);
    const held404 = `${ADMIN_API}/test/companies/${company.id}/held-invitations`;

    // A stranger with a body the route would refuse gets the same 404 as for a company that does not exist.
    const stranger = courtside.client();
    await signedInAccount(stranger);
    const strangers = await Promise.all([
      stranger.json('POST', `${ADMIN_API}/companies/${company.id}/managers/invitations`, {
        email: 'not an address',
      }),
      stranger.json('POST', `${ADMIN_API}/companies/${randomUUID()}/managers/invitations`, { email: 'nope' }),
    ]);
    expect(strangers.map((answer) => [answer.status, answer.body])).toEqual([
      [404, expect.objectContaining({ error: 'No such company' })],
      [404, expect.objectContaining({ error: 'No such company' })],
    ]);

    // A co-manager: invited by mail, signs in, accepts.
    const coManager = courtside.client();
    const { id: coManagerId, email } = await signedInAccount(coManager);
    const invited = await owner.json('POST', `${ADMIN_API}/companies/${company.id}/managers/invitations`, {
      email,
    });
    expect(invited.status).toBe(201);
    const mails = await owner.json<Array<{ text: string }>>(
      'GET',
      `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
    );
    const link = mails.body
      .map((mail) => /\/webapps\/account\/en\/invitation\/([^\s]+)/.exec(mail.text))
      .find(Boolean);
    const token = decodeURIComponent(link![1]!);
    const accepted = await coManager.json(
      'POST',
      `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}/accept`,
    );
    expect(accepted).toEqual({ status: 200, body: { companyId: company.id } });

    // The co-manager's command passes the gate; while it waits, the owner removes them.
    let passedGate!: () => void;
    let goOn!: () => void;
    const gatePassed = new Promise<void>((resolve) => (passedGate = resolve));
    held = { passedGate, goOn: new Promise<void>((resolve) => (goOn = resolve)) };
    const waiting = coManager.json('POST', held404, {});
    await gatePassed;
    const removed = await owner.request(
      'DELETE',
      `${ADMIN_API}/companies/${company.id}/managers/${coManagerId}`,
    );
    expect(removed.status).toBe(204);
    goOn();
    const answer = await waiting;

    expect([answer.status, answer.body]).toEqual([
      404,
      expect.objectContaining({ error: 'No such company' }),
    ]);
    // And the owner's own command through the same route still goes through.
    held = undefined;
    expect((await owner.json('POST', held404, {})).status).toBe(201);
  });
});
