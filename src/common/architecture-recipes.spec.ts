import { readdirSync, readFileSync } from 'fs';
import { join, relative, resolve } from 'path';

/**
 * ARCHITECTURE.md kept true by a test: every file or folder its code spans name exists (a path
 * relative to the repository, or the end of one, as `persistence/product.reader.ts`), every `npm`
 * command is a script of package.json, every name in quoted code (a class, a decorator, a helper, a
 * member) is a word of the code, and a name given with its file (`` `ProductReader.filterBy`
 * (`persistence/product.reader.ts`) ``) is a word of that file. What a recipe's reader creates is
 * not there yet: its names are the examples below, and spans holding one, or a `<placeholder>`, are
 * not looked up. Renaming a symbol, moving a file or dropping a script a recipe names fails here.
 */
const ROOT = resolve(__dirname, '..', '..');
const DOC = 'ARCHITECTURE.md';
/** The names of the things the recipes make, and made-up routes; nothing of the code has them. */
export const RECIPE_EXAMPLES = [
  'weight_kg',
  'ListThingsQuery',
  'ThingJson',
  'weightKg',
  'ProductWeight',
  'brand',
  'tags',
  'gift-cards',
  'giftCards',
  'GiftCard',
  'gift_card',
  'things',
  'GC-7',
];
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'coverage', '.data']);
const CODE = /\.(ts|tsx|mts|js|mjs|json)$/;
/** Built, git-ignored output a recipe may name: it exists once the console is built. */
const BUILD_OUTPUT = ['console/dist/'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP_DIRS.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? [`${relative(ROOT, path)}/`, ...filesUnder(path)] : [relative(ROOT, path)];
  });
}

const tree = filesUnder(ROOT);
const codeFiles = tree.filter((f) => CODE.test(f) && /^(src|test|migrations|bench|console)\//.test(f) && !f.startsWith('test/generated/'));
const contents = new Map(codeFiles.map((f) => [f, readFileSync(join(ROOT, f), 'utf8')]));
const words = new Set([...contents.values()].flatMap((text) => text.match(/[A-Za-z_$][\w$]*/g) ?? []));
const scripts = Object.keys((JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);

/** The code spans of a Markdown text (a span may break across lines), outside fenced blocks, with their offsets. */
export function codeSpans(markdown: string): { text: string; at: number }[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, (block) => ' '.repeat(block.length));
  return [...prose.matchAll(/`([^`]+)`/g)].map((m) => ({ text: m[1].replace(/\s+/g, ' ').trim(), at: m.index }));
}

const isExample = (text: string) => text.includes('<') || RECIPE_EXAMPLES.some((name) => text.includes(name));
const looksLikePath = (text: string) => /^[\w.-]+(\/[\w.-]*)+$|^[\w.-]+\.(ts|md|js|json)$/.test(text) && !/^\d/.test(text);
/** The files and folders whose path is `name` or ends with `/name`. */
export const filesNamed = (name: string, paths = tree) =>
  paths.filter((f) => [name, `${name}/`, `${name}.ts`, `${name}.tsx`].some((n) => f === n || f.endsWith(`/${n}`)));

/** What is wrong with one span; [] when it holds. */
function problemsOf(text: string): string[] {
  if (isExample(text)) return [];
  const command = /^(?:[A-Z_]+=\S+ )*npm (?:run (\S+)|test)\b/.exec(text);
  if (command) return scripts.includes(command[1] ?? 'test') ? [] : [`npm script ${command[1]} is not in package.json`];
  if (/^(?:[A-Z_]+=\S+ )*(npx|createdb|node) /.test(text)) return [];
  if (looksLikePath(text)) return filesNamed(text).length > 0 || BUILD_OUTPUT.includes(text) ? [] : [`no file or folder ${text}`];
  if (/^(GET|POST|PUT|DELETE) \/|^[/?]/.test(text)) return []; // a route or a query string
  const code = text.replace(/'[^']*'|"[^"]*"/g, ' ');
  return (code.match(/(?<![\w$])[A-Za-z_$][\w$]{2,}/g) ?? []).filter((word) => !words.has(word)).map((word) => `${word} is no word of the code`);
}

/** `X` (`path`), `X` in `path`, `X` from `path`: X's last name must be a word of that file. */
function pairProblems(markdown: string, spans: { text: string; at: number }[]): string[] {
  const problems: string[] = [];
  for (let i = 0; i + 1 < spans.length; i++) {
    const [symbol, file] = [spans[i], spans[i + 1]];
    const between = markdown.slice(symbol.at + symbol.text.length + 2, file.at);
    if (!/^\s*(\(|in |from )$/.test(between) || looksLikePath(symbol.text) || !looksLikePath(file.text)) continue;
    if (isExample(symbol.text) || isExample(file.text)) continue;
    const name = /([A-Za-z_$][\w$]*)\W*$/.exec(symbol.text.replace(/\(.*$/, ''))?.[1];
    const matches = filesNamed(file.text).filter((f) => contents.has(f));
    if (name && matches.length > 0 && !matches.some((f) => new RegExp(`\\b${name.replace('$', '\\$')}\\b`).test(contents.get(f)!))) {
      problems.push(`${name} is not in ${file.text}`);
    }
  }
  return problems;
}

describe(`${DOC}: what its recipes name exists`, () => {
  const markdown = readFileSync(join(ROOT, DOC), 'utf8');
  const spans = codeSpans(markdown);

  it('reads its code spans, a span across a line break included', () => {
    expect(spans.length).toBeGreaterThan(150);
    expect(spans.map((s) => s.text)).toContain('@OptionalNullable() @IsQuantity() weight_kg?: number | null;');
  });

  it('names files, scripts and symbols that exist', () => {
    const problems = spans.flatMap((span) => problemsOf(span.text).map((p) => `\`${span.text}\`: ${p}`));
    expect([...new Set(problems)]).toEqual([]);
  });

  it('names each symbol given with its file in that file', () => {
    expect(pairProblems(markdown, spans)).toEqual([]);
  });

  it('states the migration naming rule and the test that checks it', () => {
    expect(markdown).toContain('src/database/migration-names.spec.ts');
    expect(markdown).toMatch(/never hand-number or renumber one/);
  });

  it('fails on a wrong name, path, script or pairing (the check itself)', () => {
    expect(problemsOf('src/modules/products/persistence/product-page.sql.ts')).toEqual([]);
    expect(problemsOf('persistence/product-paging.sql.ts')).toEqual(['no file or folder persistence/product-paging.sql.ts']);
    expect(problemsOf('npm run scaffold -- field')).toEqual(['npm script scaffold is not in package.json']);
    const misspelt = `${'selectEntity'}Columnz`; // not a word of this file either
    expect(problemsOf(`${misspelt}(Entity, alias)`)).toEqual([`${misspelt} is no word of the code`]);
    expect(problemsOf('weightKg: quantityNumber(x)')).toEqual([]);
    const wrongFile = 'see `ProductReader.filterBy` (`products.mapper.ts`)';
    expect(pairProblems(wrongFile, codeSpans(wrongFile))).toEqual(['filterBy is not in products.mapper.ts']);
    const rightFile = 'see `ProductReader.filterBy` (`persistence/product.reader.ts`)';
    expect(pairProblems(rightFile, codeSpans(rightFile))).toEqual([]);
  });
});
