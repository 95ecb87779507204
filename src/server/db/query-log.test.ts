import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTarget, readLogFrom, replay, unitsOf } from '../../../scripts/bench/replay.ts';
import { openMemoryDatabase } from './client.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'query-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the query log and its replay', () => {
  it('records each statement with its parameters, transactions included, and replays them elsewhere', async () => {
    const file = path.join(dir, 'queries.jsonl');
    const database = await openMemoryDatabase({ queryLog: file });
    const { db } = database;
    await db.execute(sql`create table notes (id int primary key, body text not null)`);
    const before = readLogFrom(file, 0);
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into notes values (${1}, ${'یک'})`);
      await tx.execute(sql`insert into notes values (${2}, ${'دو'})`);
    });
    await db.execute(sql`select body from notes where id = ${2}`);
    await database.close();

    const request = readLogFrom(file, before.offset);
    expect(request.statements.map((statement) => [statement.sql.trim().split(' ')[0], statement.params])).toEqual([
      ['begin', []],
      ['insert', [1, 'یک']],
      ['insert', [2, 'دو']],
      ['commit', []],
      ['select', [2]],
    ]);
    expect(unitsOf(request.statements).map((unit) => unit.kind)).toEqual(['transaction', 'statement']);

    const elsewhere = await PGlite.create();
    const created = await replay(pgliteTarget(elsewhere), [before.statements], { concurrency: 1 });
    const replayed = await replay(pgliteTarget(elsewhere), [request.statements], { concurrency: 4 });
    expect([created.errors, replayed.errors, replayed.requests]).toEqual([0, 0, 1]);
    expect((await elsewhere.query<{ body: string }>('select body from notes order by id')).rows).toEqual([{ body: 'یک' }, { body: 'دو' }]);
    // The same request again breaks the primary key: a failing statement is counted, not hidden.
    const again = await replay(pgliteTarget(elsewhere), [request.statements], { concurrency: 1 });
    expect(again.errors).toBe(1);
    expect((await elsewhere.query('select * from notes')).rows).toHaveLength(2);
    await elsewhere.close();
  });
});
