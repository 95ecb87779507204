import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../tests/support/databases.ts';
import { insertAccount } from './accounts/repository.ts';
import { errorResponse } from './http.ts';
import { describeError, MAX_LOGGED_TEXT } from './log.ts';

const patient = {
  phoneNumber: '09121234567',
  firstName: 'مریم',
  lastName: 'رضایی',
  internationalCode: '0012345679',
  gender: 'female' as const,
};
const personalValues = [patient.phoneNumber, patient.firstName, patient.lastName, patient.internationalCode];

afterEach(() => vi.restoreAllMocks());

describeEachDatabase('logging a failed query', (database) => {
  async function failedInsert(): Promise<unknown> {
    await insertAccount(database().db, patient).catch(() => undefined);
    return insertAccount(database().db, patient).then(
      () => expect.unreachable('the second insert must violate the national-code constraint'),
      (error: unknown) => error,
    );
  }

  it('names the query and the constraint but none of the patient values', async () => {
    const error = await failedInsert();
    // The raw error does carry them: that is what must not reach the log.
    expect(String((error as Error).message)).toContain(patient.internationalCode);
    const logged = describeError(error);
    expect(logged).toContain('insert into "accounts"');
    expect(logged).toContain('23505');
    expect(logged).toContain('accounts_international_code_key');
    for (const value of personalValues) expect(logged).not.toContain(value);
  });

  it('errorResponse logs it that way and answers a Persian 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = errorResponse(await failedInsert());
    expect(response.status).toBe(500);
    expect(((await response.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    const printed = log.mock.calls.flat().map(String).join('\n');
    expect(printed).toContain('23505');
    for (const value of personalValues) expect(printed).not.toContain(value);
  });
});

describe('describeError', () => {
  it('drops the detail and the quoted values of a PostgreSQL error', () => {
    const error = Object.assign(new Error('invalid input syntax for type bigint: "09121234567"'), {
      code: '22P02',
      detail: 'Key (phone_number)=(09121234567) already exists.',
      where: "unnamed portal parameter $1 = '09121234567'",
    });
    const logged = describeError(error);
    expect(logged).toContain('22P02');
    expect(logged).not.toContain('09121234567');
  });

  it('logs a bounded line for a failing statement of any size, and none of its parameters', () => {
    const rows = Array.from({ length: 4500 }, (_, i) => `(default, $${i * 2 + 1}, $${i * 2 + 2})`).join(', ');
    const query = `insert into "test_observations" ("id", "code", "name") values ${rows}`;
    const driver = Object.assign(new Error('bind message has 2392 parameter formats but 0 parameters'), { code: '08P01', routine: 'exec_bind_message' });
    const error = Object.assign(new Error(`Failed query: ${query}\nparams: 09121234567,مریم`, { cause: driver }), { query, params: ['09121234567', 'مریم'] });
    expect(query.length).toBeGreaterThan(100_000);
    const logged = describeError(error);
    expect(logged.length).toBeLessThan(2 * MAX_LOGGED_TEXT + 1000);
    expect(logged).toContain('failed query: insert into "test_observations"');
    expect(logged).toContain(`[${query.length} characters]`);
    expect(logged).toContain('08P01');
    for (const value of ['09121234567', 'مریم']) expect(logged).not.toContain(value);
  });

  it('follows causes and survives cycles and non-errors', () => {
    const inner = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    const outer = new Error('outer', { cause: inner });
    (inner as { cause?: unknown }).cause = outer;
    expect(describeError(outer)).toMatch(/outer[\s\S]*caused by Error: connect ECONNREFUSED/);
    expect(describeError('plain')).toBe('plain');
    expect(describeError(undefined)).toBe('undefined');
  });
});
