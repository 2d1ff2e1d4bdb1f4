import { Client } from 'pg';

/** One statement on the test server's `postgres` database (CREATE/DROP DATABASE of a spec's own). */
export async function adminQuery(sql: string): Promise<void> {
  const client = new Client({ connectionString: `${process.env.TEST_SERVER_URL}/postgres` });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
