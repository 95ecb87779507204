import pg from 'pg';

/** What every portal the bench starts runs with: production mode behind a trusted proxy, the sandbox bank, SMS on the console. */
export const PORTAL_ENV = {
  TRUST_PROXY: '1',
  NODE_ENV: 'production',
  SMS_ALLOW_CONSOLE: '1',
  PAYMENT_ALLOW_SANDBOX: '1',
  PAYMENT_OPEN_LIMIT: '100000',
  APP_SECRET: 'bench-only-key-never-used-in-production-0001',
  PUBLIC_SITE_URL: 'http://localhost:4321',
} as const;

/** Runs one statement (create or drop a database) on the PostgreSQL server of `adminUrl`, on a connection of its own. */
export function postgresAdmin(adminUrl: string): (statement: string) => Promise<void> {
  return async (statement) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
}

/** The URL of database `name` on the server of `adminUrl`. */
export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
