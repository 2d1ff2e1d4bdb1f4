/**
 * Loyalty points are whole numbers in `bigint` columns (an order of up to 999,999,999,999.99 earns
 * floor(total) points, past 32 bits). pg returns int8 as a string and no global parser is installed
 * (other bigints, like sale numbers, stay strings), so points columns go through here on their way
 * into JSON or a comparison. null (no loyalty account) is 0.
 */
export function pointsNumber(value: string | number | null | undefined): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string' && !/^-?\d+$/.test(value)) throw new Error(`Not a whole number of points: "${value}"`);
  const points = Number(value);
  if (!Number.isSafeInteger(points)) throw new Error(`Points beyond the exact range of a number: ${value}`);
  return points;
}
