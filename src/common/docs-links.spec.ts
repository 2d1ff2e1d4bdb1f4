import { existsSync, readdirSync, readFileSync } from 'fs';
import { dirname, join, relative, resolve } from 'path';

/**
 * Every relative link of the repository's Markdown files points at a file that exists (anchors are
 * not checked), so the docs stand on their own; none points outside the repository (such as
 * ../shared/, which a clone does not have).
 */
const ROOT = resolve(__dirname, '..', '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'coverage', '.data']);

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

/** [text](target) outside code spans and fenced blocks; external and anchor-only targets left out. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith('#'));
}

const files = markdownFiles(ROOT).map((f) => relative(ROOT, f));

describe('links between the docs', () => {
  it('finds the Markdown files', () => {
    expect(files).toEqual(expect.arrayContaining(['README.md', join('docs', 'api.md')]));
  });

  it.each(files)('%s links only to files of the repository that exist', (file) => {
    const broken = relativeLinks(readFileSync(join(ROOT, file), 'utf8')).filter((target) => {
      const path = resolve(dirname(join(ROOT, file)), decodeURI(target.split('#')[0]));
      return relative(ROOT, path).startsWith('..') || !existsSync(path);
    });
    expect(broken).toEqual([]);
  });
});
