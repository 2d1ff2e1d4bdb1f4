import { Client } from 'pg';
import { escapeLiteral, sqlLiteral } from './sql-literal';

describe('SQL literals of bound parameters', () => {
  const client = new Client();

  it("escapes as node-pg's escapeLiteral does, character for character", () => {
    const alphabet = ["'", '\\', '"', 'a', 'Z', '0', ' ', '\n', 'é', '€', '😀', '$', ';', '-'];
    let seed = 7;
    const rng = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = ['', "'", '\\', "''", '\\\\', "it's", 'C:\\path', "a'b\\c", JSON.stringify({ name: "O'Brien \\ co" })];
    for (let i = 0; i < 5000; i++) texts.push(Array.from({ length: Math.floor(rng() * 40) }, () => alphabet[Math.floor(rng() * alphabet.length)]).join(''));
    for (const text of texts) expect({ text, literal: escapeLiteral(text) }).toEqual({ text, literal: client.escapeLiteral(text) });
  });

  it('serialises values as node-pg binds them: null, numbers, arrays, dates, JSON', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(undefined)).toBe('NULL');
    expect(sqlLiteral(12.5)).toBe("'12.5'");
    expect(sqlLiteral(['a', "b'c"])).toBe(`'{"a","b''c"}'`);
    expect(sqlLiteral({ note: "it's" })).toBe(`'{"note":"it''s"}'`);
    expect(sqlLiteral(new Date('2026-11-26T08:00:00.000Z'))).toMatch(/^'2026-11-26T\d\d:00:00\.000[+-]\d\d:\d\d'$/);
    expect(() => sqlLiteral(Buffer.from('x'))).toThrow('a binary parameter cannot travel as a literal');
  });
});
