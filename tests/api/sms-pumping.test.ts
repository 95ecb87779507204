/**
 * SMS pumping over HTTP: patient actions that each send an SMS, looped by one account and by every
 * account of one phone (submit-and-cancel a service request, reschedule back and forth). The loops
 * end in a 429 with Retry-After and a Persian message, and the console provider's outbox receives
 * at most the phone's daily notification budget, while every action the patient was allowed still
 * happens. Runs on the embedded database, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import { describe, expect, it } from 'vitest';
import { toTehranIsoDate } from '../../src/lib/format/date.ts';
import { bookWithWallet, envelope, freeStarts, getAs } from '../support/appointments-api.ts';
import { SERVER_DATABASES, withServerOn } from '../support/databases.ts';
import { nationalCode, newIp, newPhone, post, readOutbox, registerPatient } from '../support/portal-api.ts';
import type { RunningServer } from '../support/server.ts';
import { chargeWallet } from '../support/wallet-api.ts';

/** SMS_NOTIFY_DAILY_LIMIT's default. */
const BUDGET = 20;
/** SERVICE_REQUEST_DAILY_LIMIT's default. */
const MAX_REQUESTS_PER_DAY = 5;
/** MAX_MOVES_PER_DAY of src/server/appointments/changes.ts. */
const MAX_MOVES_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;
const persian = /[\u0600-\u06FF]/;

let server: RunningServer;
let people = 0;

/** `count` accounts on one new phone: the first registers through the login calls, the others with the same code. */
async function family(count: number): Promise<{ phone: string; tokens: string[] }> {
  const phone = newPhone();
  const ip = newIp();
  const first = await registerPatient(server, { phone, ip, firstName: 'پریسا', lastName: 'امینی', internationalCode: nationalCode(21_000 + ++people) });
  const code = /#(\d{5})$/.exec(readOutbox(server).findLast((line) => line.to === phone)!.text)![1]!;
  const tokens = [first.token];
  for (let i = 1; i < count; i++) {
    const answer = await post(
      server,
      'auth/register',
      { phone_number: phone, code, first_name: 'علی', last_name: 'امینی', international_code: nationalCode(21_000 + ++people), gender: 'male' },
      { ip },
    );
    expect(answer.status).toBe(200);
    tokens.push(((await answer.json()) as { data: { token: string } }).data.token);
  }
  return { phone, tokens };
}

/** The notifications (not login codes, which end in the WebOTP line) the phone received. */
const notificationsTo = (phone: string) => readOutbox(server).filter((line) => line.to === phone && !/#\d{5}$/.test(line.text));

const requestBody = () => ({
  service_id: 'home-injection',
  phone: '02188001234',
  address: 'تهران، خیابان ولیعصر، کوچهٔ نسترن، پلاک ۱۲',
  preferred_date: toTehranIsoDate(new Date(Date.now() + 2 * DAY_MS)),
  preferred_window: 'morning',
  notes: '',
});

/** One submit-and-cancel loop: the statuses of the two calls. */
async function submitAndCancel(token: string): Promise<{ submitted: Response; cancelled?: Response }> {
  const submitted = await post(server, 'service-requests', requestBody(), { token });
  if (submitted.status !== 201) return { submitted };
  const { key } = (await envelope<{ key: string }>(submitted.clone())).data!;
  return { submitted, cancelled: await post(server, `service-requests/${key}/cancel`, undefined, { token }) };
}

describe.each(SERVER_DATABASES)('SMS pumping on the %s database', (database) => {
  withServerOn(database, { TRUST_PROXY: '1', DEMO_DATA: '0' }, (running) => (server = running.server));

  it(`one account looping submit-and-cancel 30 times: ${MAX_REQUESTS_PER_DAY} loops go through, then 429 with Retry-After`, async () => {
    const { phone, tokens } = await family(1);
    const statuses: number[] = [];
    let refusal: Response | undefined;
    for (let loop = 0; loop < 30; loop++) {
      const { submitted, cancelled } = await submitAndCancel(tokens[0]!);
      statuses.push(submitted.status);
      if (cancelled) expect(cancelled.status).toBe(200);
      refusal ??= submitted.status === 429 ? submitted : undefined;
    }
    expect(statuses).toEqual([...Array<number>(MAX_REQUESTS_PER_DAY).fill(201), ...Array<number>(30 - MAX_REQUESTS_PER_DAY).fill(429)]);
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect((await envelope(refusal!)).message).toMatch(persian);
    expect(notificationsTo(phone)).toHaveLength(2 * MAX_REQUESTS_PER_DAY);
  });

  it(`every account of one phone looping: the phone receives at most ${BUDGET} notifications, and every action still happens`, async () => {
    const { phone, tokens } = await family(4);
    let loops = 0;
    for (const token of tokens) {
      for (let loop = 0; loop < MAX_REQUESTS_PER_DAY; loop++) {
        const { submitted, cancelled } = await submitAndCancel(token);
        expect(submitted.status).toBe(201);
        expect(cancelled?.status).toBe(200);
        expect((await envelope<{ status: string }>(cancelled!)).data?.status).toBe('cancelled');
        loops++;
      }
    }
    expect(2 * loops).toBeGreaterThan(BUDGET);
    expect(notificationsTo(phone)).toHaveLength(BUDGET);
  });

  it(`rescheduling back and forth: ${MAX_MOVES_PER_DAY} moves, then 429 with Retry-After and the booking where it was`, async () => {
    const { phone, tokens } = await family(1);
    const token = tokens[0]!;
    await chargeWallet(server, token, 20_000_000);
    const [first, second] = await freeStarts(server, 'shiva-rahmani');
    const booked = await bookWithWallet(server, token, 'shiva-rahmani', first!);
    const before = notificationsTo(phone).length;
    const statuses: number[] = [];
    let refusal: Response | undefined;
    let where = first!;
    for (let move = 0; move < 10; move++) {
      const start = where === first ? second! : first!;
      const answer = await post(server, `appointments/${booked.key}/reschedule`, { start }, { token });
      statuses.push(answer.status);
      if (answer.status === 200) where = start;
      refusal ??= answer.status === 429 ? answer : undefined;
    }
    expect(statuses).toEqual([...Array<number>(MAX_MOVES_PER_DAY).fill(200), ...Array<number>(10 - MAX_MOVES_PER_DAY).fill(429)]);
    expect(Number(refusal!.headers.get('retry-after'))).toBeGreaterThan(23 * 60 * 60);
    expect((await envelope(refusal!)).message).toMatch(persian);
    const shown = await envelope<{ start: string; status: string }>(await getAs(server, `/api/appointments/${booked.key}`, token));
    expect(shown.data).toMatchObject({ start: where, status: 'confirmed' });
    expect(notificationsTo(phone).length - before).toBe(MAX_MOVES_PER_DAY);
  });
});
