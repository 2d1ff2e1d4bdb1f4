import { describe, expect, it } from 'vitest';
import { changeOf, changeWords, formatPercent } from './change';

describe('changeOf: a figure against the previous period', () => {
  it('gives the direction and the per cent to one decimal', () => {
    expect(changeOf(112.5, 100)).toEqual({ direction: 'up', percent: '12.5' });
    expect(changeOf('90', '120')).toEqual({ direction: 'down', percent: '25.0' });
    expect(changeOf(3, 1)).toEqual({ direction: 'up', percent: '200.0' });
    expect(changeOf(0, 40)).toEqual({ direction: 'down', percent: '100.0' });
  });

  it('rounds half away from zero on the exact decimals, never through a float', () => {
    // 0.3 - 0.1 in floating point is 0.19999999999999998: the exact rule gives 200.0
    expect(changeOf(0.3, 0.1)).toEqual({ direction: 'up', percent: '200.0' });
    // 1/3 up: 33.333… -> 33.3; 2/3 up: 66.666… -> 66.7; 0.05 per cent exactly -> 0.1
    expect(changeOf(4, 3)).toEqual({ direction: 'up', percent: '33.3' });
    expect(changeOf(5, 3)).toEqual({ direction: 'up', percent: '66.7' });
    expect(changeOf('2000.01', '2000')).toEqual({ direction: 'up', percent: '0.0' });
    expect(changeOf('2001', '2000')).toEqual({ direction: 'up', percent: '0.1' });
    expect(changeOf('1999', '2000')).toEqual({ direction: 'down', percent: '0.1' });
    expect(changeOf('90071992547409.93', '90071992547409.92')).toEqual({ direction: 'up', percent: '0.0' });
  });

  it('says the same when equal, new when there was nothing before', () => {
    expect(changeOf(0, 0)).toEqual({ direction: 'same' });
    expect(changeOf('12.50', 12.5)).toEqual({ direction: 'same' });
    expect(changeOf(5, 0)).toEqual({ direction: 'new' });
  });
});

describe('changeWords: the change said in words', () => {
  it('names the previous period', () => {
    expect(changeWords({ direction: 'up', percent: '12.5' }, 7)).toBe('up 12.5% from the previous 7 days');
    expect(changeWords({ direction: 'down', percent: '3.0' }, 1)).toBe('down 3.0% from yesterday');
    expect(changeWords({ direction: 'same' }, 30)).toBe('no change from the previous 30 days');
    expect(changeWords({ direction: 'new' }, 90)).toBe('up from none in the previous 90 days');
    expect(changeWords({ direction: 'new' }, 1)).toBe('up from none yesterday');
  });

  it('writes the per cent in the reader locale', () => {
    expect(formatPercent('12.5', 'en-US')).toBe('12.5%');
    expect(formatPercent('1234.5', 'en-US')).toBe('1,234.5%');
    expect(formatPercent('12.5', 'de-DE')).toBe('12,5\u00a0%');
    expect(formatPercent(40.66, 'en-US', 2)).toBe('40.66%');
    expect(formatPercent('-3.1', 'en-US', 2)).toBe('-3.10%');
    expect(formatPercent(0.3875, 'en-US', 2, true)).toBe('38.75%');
    expect(changeWords({ direction: 'up', percent: '12.5' }, 7, (v) => formatPercent(v, 'fr-FR'))).toMatch(/^up 12,5\s% from the previous 7 days$/);
  });
});
