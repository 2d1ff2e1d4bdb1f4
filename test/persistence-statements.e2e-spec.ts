import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { registeredStatements, Statement } from '../src/database/statement';
import { cloneTemplateDatabase } from './helpers/test-app';

/** Every `persistence/*.sql.ts` file under src: the only places hand-written statements may live. */
function persistenceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return persistenceFiles(full);
    return path.basename(dir) === 'persistence' && entry.name.endsWith('.sql.ts') ? [full] : [];
  });
}

describe('hand-written statements (persistence/*.sql.ts)', () => {
  let client: Client;
  const files = persistenceFiles(path.join(__dirname, '..', 'src'));
  // loading a persistence file registers its statements; the list is only known at run time
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  files.forEach((file) => require(file));
  const statements = registeredStatements();

  beforeAll(async () => {
    client = new Client({ connectionString: await cloneTemplateDatabase() });
    await client.connect();
  });
  afterAll(() => client.end());

  it('are registered from the persistence files', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThanOrEqual(files.length);
  });

  /** PREPARE parses, resolves every table, column and parameter type, and plans nothing yet. */
  async function prepare(statement: Statement): Promise<void> {
    await client.query(`PREPARE check_statement AS ${statement.text}`);
    await client.query('DEALLOCATE check_statement');
  }

  it.each(statements.map((s) => [s.name, s] as const))('%s prepares against the migrated schema', async (_name, statement) => {
    await expect(prepare(statement)).resolves.toBeUndefined();
  });

  it('a statement naming a column the schema lacks fails to prepare', async () => {
    const broken: Statement = { name: 'check.broken', text: 'SELECT no_such_column FROM products WHERE business_id = $1' };
    await expect(prepare(broken)).rejects.toThrow(/no_such_column/);
  });
});
