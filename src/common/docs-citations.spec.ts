import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

/**
 * Every reference a reader meets leads somewhere they can open: no file of the repository names a
 * document the repository does not hold (the three planning documents it was built from), every
 * "docs/api.md n" names a numbered section docs/api.md has, and every link to a Markdown file's
 * anchor (in a Markdown link or a code comment) names a heading that file has, and every path of the
 * repository's folders a text names (`src/common/http/envelope.ts`) exists.
 * docs-links.spec.ts checks that the linked files exist.
 */
const ROOT = resolve(__dirname, '..', '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage', '.data', 'package-lock.json']);
const TEXT = /\.(ts|tsx|mts|js|mjs|cjs|json|md|yml|yaml|css|html|sh)$|^(Dockerfile|\.env\.example)$/;
/** Spelled in parts, so that this file does not name them itself. */
export const ABSENT_DOCUMENTS = ['SPEC', 'STYLE', 'CONTRACT'].map((name) => `${name}.md`);

/** Paths a text makes up to show a form (`test/x.e2e-spec.ts`, a recipe's `test/gift-cards.e2e-spec.ts`). */
const EXAMPLE_PATH = /(^|\/)x\.|gift-cards|no-such/;

function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name) || entry.name.startsWith('dist.')) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return TEXT.test(entry.name) ? [relative(ROOT, path)] : [];
  });
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingAnchors(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const [, heading] of prose.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** The numbered sections of docs/api.md ("## 12. Returns ..." is 12). */
export function numberedSections(markdown: string): Set<number> {
  return new Set([...markdown.matchAll(/^##\s+(\d+)\.\s/gm)].map((m) => Number(m[1])));
}

export interface Finding {
  file: string;
  reference: string;
}

/** What a file's text cites that does not exist; `read` gives another file's text (null when absent). */
export function brokenReferences(file: string, text: string, apiSections: Set<number>, read: (path: string) => string | null): Finding[] {
  const found: Finding[] = [];
  for (const name of ABSENT_DOCUMENTS) if (text.includes(name)) found.push({ file, reference: name });
  for (const m of text.matchAll(/docs\/api\.md (\d+(?:(?:, ?|\/)\d+)*)/g)) {
    const missing = m[1].split(/, ?|\//).filter((n) => !apiSections.has(Number(n)));
    if (missing.length) found.push({ file, reference: m[0] });
  }
  const anchorLinks = [
    // a Markdown link with an anchor, relative to the file: [x](webhooks.md#what-arrives), [x](#routes)
    ...(file.endsWith('.md')
      ? [...text.matchAll(/\]\(([^)\s:]*?)#([^)\s]+)\)/g)].map((m) => ({ path: m[1] ? join(dirname(file), m[1]) : file, anchor: m[2], raw: m[0] }))
      : []),
    // a repository path with an anchor anywhere else (a code comment): docs/api.md#returns
    ...(!file.endsWith('.md') ? [...text.matchAll(/\b((?:[\w.-]+\/)*[\w.-]+\.md)#([\w-]+)/g)].map((m) => ({ path: m[1], anchor: m[2], raw: m[0] })) : []),
  ];
  for (const [path] of text.matchAll(/(?<![\w./-])(?:src|test|bench|docs|console|migrations)\/[\w./-]+\.(?:ts|tsx|mts|js|md|json)\b/g)) {
    if (!EXAMPLE_PATH.test(path) && read(path) === null) found.push({ file, reference: path });
  }
  for (const link of anchorLinks) {
    const target = read(link.path);
    if (target === null || !headingAnchors(target).has(decodeURIComponent(link.anchor))) found.push({ file, reference: link.raw });
  }
  return found;
}

const read = (path: string) => {
  const full = resolve(ROOT, path);
  return !relative(ROOT, full).startsWith('..') && existsSync(full) ? readFileSync(full, 'utf8') : null;
};

describe('references in the repository lead to what it holds', () => {
  const apiSections = numberedSections(read('docs/api.md') ?? '');
  /** This file plants broken references on purpose. */
  const files = textFiles(ROOT).filter((file) => file !== relative(ROOT, __filename));

  it('finds the files and the numbered sections', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', 'ARCHITECTURE.md', join('src', 'main.ts')]));
    expect([...apiSections]).toEqual(expect.arrayContaining([1, 2, 10, 16, 17, 18]));
  });

  it('no file names an absent document, a missing section of docs/api.md or a missing anchor', () => {
    const found = files.flatMap((file) => brokenReferences(file, readFileSync(join(ROOT, file), 'utf8'), apiSections, read));
    expect(found).toEqual([]);
  });

  it('fails on a planted reference of each kind', () => {
    const planted = [
      `// see ${ABSENT_DOCUMENTS[2]} 12`,
      '// the rule of docs/api.md 99',
      '// docs/api.md 8, 98',
      '// docs/webhooks.md#no-such-heading',
      '// docs/no-such-file.md#anything',
      '// as src/common/http/envelopes.ts does',
    ];
    for (const line of planted) expect(brokenReferences('src/x.ts', line, apiSections, read)).toHaveLength(1);
    expect(brokenReferences('docs/x.md', 'see [it](webhooks.md#nothing-here)', apiSections, read)).toHaveLength(1);
    expect(brokenReferences('docs/x.md', 'see [it](webhooks.md#what-arrives) and docs/api.md 10', apiSections, read)).toEqual([]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...headingAnchors('## 10. Webhooks and events\n## The letterhead: `GET` and `PUT /business`\n## A\n## A')]).toEqual([
      '10-webhooks-and-events',
      'the-letterhead-get-and-put-business',
      'a',
      'a-1',
    ]);
  });
});
