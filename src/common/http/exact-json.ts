import { randomUUID } from 'crypto';
import { NextFunction, Request, Response } from 'express';

/**
 * A JSON number written from its decimal text. A double holds 15 significant digits exactly; sums
 * of money can have more (100999999999998.99), and docs/api.md makes money a JSON number, so such
 * values are written as the exact literal. Any other JSON writer gets the nearest double.
 */
export class ExactNumber {
  constructor(readonly literal: string) {}

  toJSON(): number | string {
    return writingExact ? MARK + this.literal : Number(this.literal);
  }
}

// A placeholder no client string can contain: it holds a secret of this process.
const MARK = `exact-number-${randomUUID()}:`;
const PLACEHOLDER = new RegExp(`"${MARK}(-?\\d+(?:\\.\\d+)?)"`, 'g');

// True only inside stringifyExact's JSON.stringify, which is synchronous: no other writer runs meanwhile.
// (A replacer function would do the same per key, at several times the cost of a whole response.)
let writingExact = false;

/** JSON.stringify, with every ExactNumber written as its literal. */
export function stringifyExact(value: unknown): string {
  let text: string;
  writingExact = true;
  try {
    text = JSON.stringify(value);
  } finally {
    writingExact = false;
  }
  return text === undefined || !text.includes(MARK) ? text : text.replace(PLACEHOLDER, '$1');
}

/** Makes `res.json` (Nest's and the error filter's) write through stringifyExact. */
export function exactJsonResponses(_req: Request, res: Response, next: NextFunction): void {
  res.json = function (this: Response, body: unknown) {
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json; charset=utf-8');
    return this.send(stringifyExact(body));
  };
  next();
}
