/**
 * The people of one phone over HTTP, with the session as the proof of the phone (decision 020):
 * adding a person and switching between the phone's people send no SMS; another phone's account,
 * a dead token, a token already traded and every token after logout open nothing; hostile bodies
 * are refused with the envelope. Runs on the embedded database, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import type { AddPersonAnswer, PhoneAccountsAnswer, SwitchAccountAnswer } from '../../src/lib/api/contracts/auth.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';

let server: RunningServer;
let people = 0;
const persian = /[\u0600-\u06FF]/;

const person = (first_name: string) => ({ first_name, last_name: 'کریمی', international_code: nationalCode(52_000 + ++people), gender: 'male' });
const smsTo = (phone: string) => readOutbox(server).filter((line) => line.to === phone).length;
const infoStatus = async (token: string) => (await post(server, 'user/info', undefined, { token })).status;

async function patient() {
  const phone = newPhone();
  const ip = newIp();
  const registered = await registerPatient(server, { phone, ip, firstName: 'لیلا', lastName: 'کریمی', internationalCode: nationalCode(52_000 + ++people) });
  return { phone, ip, ...registered };
}

async function addPerson(token: string, ip: string, first = 'آرش'): Promise<AddPersonAnswer> {
  const answer = await post(server, 'auth/accounts/add', person(first), { token, ip });
  expect(answer.status).toBe(200);
  return (await answer.json()) as AddPersonAnswer;
}

describe.each(SERVER_DATABASES)('on the %s database', (database) => {
  withServerOn(database, { TRUST_PROXY: '1' }, (running) => ({ server } = running));

  it('adds a person, lists the phone and switches back and forth with no SMS; each traded token dies', async () => {
    const me = await patient();
    expect(smsTo(me.phone)).toBe(1);
    const added = await addPerson(me.token, me.ip);
    expect(added.accounts).toBe(2);
    expect(added.data.user).toMatchObject({ first_name: 'آرش', phone_number: me.phone, gender: 'male' });
    expect(await infoStatus(me.token)).toBe(401);

    const listed = await post(server, 'auth/accounts', undefined, { token: added.data.token });
    expect(listed.status).toBe(200);
    expect(listed.headers.get('cache-control')).toContain('no-store');
    const list = (await listed.json()) as PhoneAccountsAnswer;
    expect(list.data.map((user) => user.id)).toEqual([me.accountId, added.data.user.id]);
    // Names and wallets, as a code check shows them; never a token.
    expect(JSON.stringify(list)).not.toContain('token');

    let token = added.data.token;
    for (const target of [me.accountId, added.data.user.id, me.accountId]) {
      const answer = await post(server, 'auth/accounts/switch', { user_id: target }, { token });
      expect(answer.status).toBe(200);
      const next = ((await answer.json()) as SwitchAccountAnswer).data;
      expect(next.user.id).toBe(target);
      expect(await infoStatus(token)).toBe(401);
      // Replaying the traded token switches nothing.
      expect((await post(server, 'auth/accounts/switch', { user_id: target }, { token })).status).toBe(401);
      token = next.token;
    }
    expect(await infoStatus(token)).toBe(200);
    expect(smsTo(me.phone)).toBe(1);
  });

  it("answers 404 for another phone's account, or one that does not exist, and the token lives on", async () => {
    const me = await patient();
    const stranger = await patient();
    for (const user_id of [stranger.accountId, 2_147_483_647]) {
      const answer = await post(server, 'auth/accounts/switch', { user_id }, { token: me.token });
      expect(answer.status).toBe(404);
      const body = (await answer.json()) as { success: boolean; message: string };
      expect(body.success).toBe(false);
      expect(body.message).toMatch(persian);
      expect(JSON.stringify(body)).not.toContain(stranger.phone);
    }
    expect(await infoStatus(me.token)).toBe(200);
    expect(await infoStatus(stranger.token)).toBe(200);
    const mine = (await (await post(server, 'auth/accounts', undefined, { token: me.token })).json()) as PhoneAccountsAnswer;
    expect(mine.data.map((user) => user.id)).toEqual([me.accountId]);
  });

  it('opens nothing with a missing, malformed or revoked token, nor with any token of the login after logout', async () => {
    const me = await patient();
    const added = await addPerson(me.token, me.ip);
    const back = (await (await post(server, 'auth/accounts/switch', { user_id: me.accountId }, { token: added.data.token })).json()) as SwitchAccountAnswer;
    expect((await post(server, 'auth/logout', undefined, { token: back.data.token })).status).toBe(200);
    for (const token of [undefined, 'not-a-token', 'A'.repeat(43), me.token, added.data.token, back.data.token]) {
      expect((await post(server, 'auth/accounts', undefined, { token })).status).toBe(401);
      expect((await post(server, 'auth/accounts/switch', { user_id: me.accountId }, { token })).status).toBe(401);
      expect((await post(server, 'auth/accounts/add', person('رضا'), { token, ip: me.ip })).status).toBe(401);
    }
    // Nothing was added by the refused calls, and no code was sent: a new login is a new code.
    expect(smsTo(me.phone)).toBe(1);
  });

  it('trades a token once, however many requests race with it', async () => {
    const me = await patient();
    const added = await addPerson(me.token, me.ip);
    const switches = await Promise.all(Array.from({ length: 12 }, () => post(server, 'auth/accounts/switch', { user_id: me.accountId }, { token: added.data.token })));
    expect(switches.map((answer) => answer.status).sort()).toEqual([200, ...Array(11).fill(401)]);
    const winner = ((await switches.find((answer) => answer.status === 200)!.json()) as SwitchAccountAnswer).data.token;
    const additions = await Promise.all(Array.from({ length: 8 }, (_, i) => post(server, 'auth/accounts/add', person(`فرد ${i}`), { token: winner, ip: me.ip })));
    expect(additions.map((answer) => answer.status).sort()).toEqual([200, ...Array(7).fill(401)]);
    const token = ((await additions.find((answer) => answer.status === 200)!.json()) as AddPersonAnswer).data.token;
    expect(((await (await post(server, 'auth/accounts', undefined, { token })).json()) as PhoneAccountsAnswer).data).toHaveLength(3);
  });

  it('refuses hostile bodies with the envelope and keeps the token', async () => {
    const me = await patient();
    const refusals: Array<[string, unknown, number]> = [
      ['auth/accounts/switch', { user_id: String(me.accountId) }, 422],
      ['auth/accounts/switch', { user_id: 1.5 }, 422],
      ['auth/accounts/switch', { user_id: -1 }, 422],
      ['auth/accounts/switch', {}, 422],
      ['auth/accounts/add', { ...person('نیم\u0000ا') }, 422],
      ['auth/accounts/add', { ...person('نیما'), international_code: '1234567890' }, 422],
      ['auth/accounts/add', { ...person('نیما'), phone_number: '09121111111', first_name: 'x'.repeat(5000) }, 413],
    ];
    for (const [path, body, status] of refusals) {
      const answer = await post(server, path, body, { token: me.token, ip: me.ip });
      expect(answer.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(status);
      expect(((await answer.json()) as { success: boolean }).success).toBe(false);
    }
    // Extra keys are dropped: a phone number in the body cannot move the person to another phone.
    const added = await post(server, 'auth/accounts/add', { ...person('نیما'), phone_number: '09121111111' }, { token: me.token, ip: me.ip });
    expect(added.status).toBe(200);
    expect(((await added.json()) as AddPersonAnswer).data.user.phone_number).toBe(me.phone);
  });
});
