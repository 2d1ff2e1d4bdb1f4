import * as fs from 'fs';
import * as path from 'path';

/**
 * Hand-written SQL lives in `persistence/` folders and `src/database/` only (ARCHITECTURE.md), where
 * test/persistence-statements.e2e-spec.ts prepares it against the real schema. Anywhere else a
 * service or controller speaks through repositories.
 */
const SRC = path.resolve(__dirname, '..');
const SQL_TEXT = [/\bSELECT\b[\s\S]{0,400}?\bFROM\b/, /\bINSERT INTO\b/, /\bUPDATE\s+[a-z_]+\s+SET\b/, /\bDELETE FROM\b/];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

function allowedToHoldSql(file: string): boolean {
  const rel = path.relative(SRC, file).split(path.sep);
  return rel[0] === 'database' || rel.includes('persistence');
}

describe('SQL placement', () => {
  it('finds SQL text only in persistence/ folders and src/database/', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !allowedToHoldSql(file))
      .filter((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return SQL_TEXT.some((pattern) => pattern.test(text));
      })
      .map((file) => path.relative(SRC, file));
    expect(offenders).toEqual([]);
  });

  it('would see a query written in a service', () => {
    const service = 'const rows = await this.dataSource.query(`SELECT id FROM products WHERE business_id = $1`, [id]);';
    expect(SQL_TEXT.some((pattern) => pattern.test(service))).toBe(true);
  });
});
