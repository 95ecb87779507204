import { openDatabase } from '../../src/server/db/client.ts';
import { countVisits } from '../../src/server/visits/repository.ts';

/** Counts the visits in a stopped server's embedded database. */
export async function countVisitsIn(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  try {
    return await countVisits(database.db);
  } finally {
    await database.close();
  }
}
