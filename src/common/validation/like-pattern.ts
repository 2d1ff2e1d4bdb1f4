/** A `%term%` pattern for ILIKE where the term's own `%`, `_` and `\` match literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
