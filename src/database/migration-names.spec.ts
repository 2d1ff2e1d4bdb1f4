import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/**
 * The migration naming rule (docs/operations.md, Migrations): `<13-digit ms timestamp>-<PascalName>.ts`
 * as `npm run migration:generate` writes it (Date.now()), the class `<PascalName><timestamp>` (TypeORM
 * orders migrations by the class name's last 13 digits), no two sharing a timestamp, none in the
 * future (a hand-numbered future timestamp would sort after every migration generated before it).
 */
const DIR = join(__dirname, '..', '..', 'migrations');
const FILE = /^(\d{13})-([A-Z][A-Za-z0-9]*)\.ts$/;

const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));

describe('migration names', () => {
  it('finds the migrations', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s is <timestamp>-<PascalName>.ts with the class <PascalName><timestamp>', (file) => {
    const match = FILE.exec(file);
    expect(match).not.toBeNull();
    const [, timestamp, name] = match!;
    const classes = [...readFileSync(join(DIR, file), 'utf8').matchAll(/export class (\w+)/g)].map((m) => m[1]);
    expect(classes).toEqual([`${name}${timestamp}`]);
    expect(Number(timestamp)).toBeLessThanOrEqual(Date.now());
  });

  it('gives every migration a timestamp of its own', () => {
    const stamps = files.map((f) => f.slice(0, 13));
    const shared = stamps.filter((s, i) => stamps.indexOf(s) !== i);
    expect(shared).toEqual([]);
  });
});
