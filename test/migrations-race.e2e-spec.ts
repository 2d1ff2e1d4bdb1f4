import { adminQuery } from './helpers/admin-query';
import { runCommand } from './helpers/processes';

/**
 * Two servers (or two `migration:run`) started at once on an empty database: the migrations run under
 * a PostgreSQL advisory lock, so one applies them and the other finds them applied; both succeed.
 */
describe('migrations started twice at once', () => {
  const server = process.env.TEST_SERVER_URL!;
  const name = `${process.env.TEST_TEMPLATE_DB}_race`;

  beforeAll(() => adminQuery(`CREATE DATABASE "${name}"`));
  afterAll(() => adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));

  it('both runs of migration:run on one empty database exit 0, and the schema is applied once', async () => {
    const env = { ...process.env, DATABASE_URL: `${server}/${name}`, LOG_LEVEL: 'error' };
    const runs = await Promise.all([1, 2].map(() => runCommand('npm', ['run', '--silent', 'migration:run'], env)));
    for (const run of runs) expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    const applied = runs.map((run) => (JSON.parse(run.stdout.trim()) as { applied: string[] }).applied);
    // one of them applied every migration, the other found nothing left to do
    expect(applied.map((names) => names.length).sort()).toEqual([0, expect.any(Number)]);
    expect(Math.max(...applied.map((names) => names.length))).toBeGreaterThan(5);
  }, 120000);
});
