import { ExactNumber } from '../http/exact-json';
import { csvField, csvRecord, csvText } from './csv-format';

describe('CSV fields (RFC 4180)', () => {
  it('quotes fields with a comma, a quote, CR or LF, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\r')).toBe('"cr\r"');
    expect(csvField('Café ☕ שלום')).toBe('Café ☕ שלום');
  });

  it('writes null as the empty field and the empty string quoted', () => {
    expect(csvField(null)).toBe('');
    expect(csvField('')).toBe('""');
    expect(csvRecord(['a', null, '', 'b,c'])).toBe('a,,"","b,c"\r\n');
  });

  it('writes JSON values as their JSON text, exact numbers as their literal', () => {
    expect(csvText(12.5)).toBe('12.5');
    expect(csvText(0)).toBe('0');
    expect(csvText(new ExactNumber('100999999999998.99'))).toBe('100999999999998.99');
    expect(csvText(true)).toBe('true');
    expect(csvText(null)).toBeNull();
    expect(csvText([{ quantity: new ExactNumber('1234567890123.456'), name: 'x' }])).toBe('[{"quantity":1234567890123.456,"name":"x"}]');
  });

  it('writes text that would start a formula after an apostrophe', () => {
    for (const text of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx']) expect(csvText(text)).toBe(`'${text}`);
    expect(csvText("it's")).toBe("it's");
    expect(csvText('a=b')).toBe('a=b');
  });
});
