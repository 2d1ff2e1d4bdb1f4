import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * No import circle in src/: a module that imports, through any chain, a module importing it back is
 * evaluated half-initialised (a class or a constant read as undefined at load time), and the circle
 * usually means a shared type or helper wants a file of its own. Type-only imports count too (as
 * `madge --circular` counts them): they are where such a circle starts.
 */
const SRC = __dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** The files of src/ that `file` imports or re-exports from (relative specifiers only). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false);
  return importedFiles
    .map(({ fileName }) => fileName)
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => path.resolve(path.dirname(file), spec))
    .flatMap((base) => [`${base}.ts`, path.join(base, 'index.ts')].filter((candidate) => fs.existsSync(candidate)).slice(0, 1));
}

/** One circle per strongly connected group of files (Tarjan), each as the files it passes through. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, low.get(next)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === node) break;
    }
    if (group.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe('imports', () => {
  it('form no circle in src/', () => {
    const graph = new Map(sourceFiles(SRC).map((file) => [file, importsOf(file)]));
    const circles = importCircles(graph).map((group) => group.map((file) => path.relative(SRC, file)));
    expect(circles).toEqual([]);
  });

  it('would see a circle through three files, and none in a chain', () => {
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    const chain = new Map(Object.entries({ a: ['b'], b: ['c'], c: [] }));
    expect(importCircles(circle)).toEqual([['a', 'b', 'c']]);
    expect(importCircles(chain)).toEqual([]);
  });
});
