/*
 * `npm run bench`: every benchmark section in one run, one after another, each printing its figures.
 * Sections live beside this file as <name>.bench.ts and export `run(log)`; a section that is not
 * written yet is skipped. Pass section names to run only those: `npm run bench -- orders`.
 */
import * as fs from 'fs';
import * as path from 'path';

const SECTIONS = [
  'orders',
  'quote',
  'page-growth',
  'analytics',
  'webhooks',
  'auth-flood',
  'sign-in',
  'loyalty-history',
  'csv-export',
  'documents',
  'console',
  'observability',
  'search',
  'taxes',
  'import',
];
/** Run only when named: they compare with another checkout (BENCH_REF_DIR). */
const ON_REQUEST = ['orders-ab', 'reports-ab', 'reports', 'cpu', 'paired'];

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const log = (line: string) => process.stdout.write(`${line}\n`);
  for (const name of [...SECTIONS, ...ON_REQUEST]) {
    if (only.length > 0 ? !only.includes(name) : ON_REQUEST.includes(name)) continue;
    const file = path.join(__dirname, `${name}.bench.ts`);
    if (!fs.existsSync(file)) continue;
    log(`\n=== ${name} ===`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const section = require(file) as { run: (log: (line: string) => void) => Promise<void> };
    await section.run(log);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
