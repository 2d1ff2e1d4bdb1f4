import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, Matches } from 'class-validator';
import { MaxChars, CharLength } from './text-length';

/** Any control character (C0, DEL, C1: Unicode's Cc) and the Unicode line and paragraph separators. */
const CONTROL = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_RUNS = /[\p{Cc}\u2028\u2029]+/gu;
const ONE_LINE = /^[^\p{Cc}\u2028\u2029]*$/u;
/** Lines without control characters: line feeds and tabs are the only ones allowed (never a CR). */
const LINES = /^(?:[^\p{Cc}\u2028\u2029]|[\n\t])*$/u;

/**
 * One line of text that may travel in a mail header or an SMTP command (a business name in a
 * subject, an address line): a string of 1..max characters without CR, LF or any other control
 * character, so nothing a client sends can start another header or command.
 */
export function IsSingleLine(max: number, example?: string, options: { each?: boolean } = {}): PropertyDecorator {
  const each = options.each ?? false;
  const rules = [
    IsString({ each }),
    CharLength(1, max, { each }),
    Matches(ONE_LINE, {
      each,
      message: ({ property }) => `${property} must be one line without control characters (CR, LF, ...)`,
    }),
  ];
  return applyDecorators(...rules, ...(each ? [] : [ApiPropertyOptional({ type: String, maxLength: max, example, nullable: true })]));
}

/** Text of several lines (a footer): line feeds and tabs allowed, CR and every other control character refused. */
export function IsMultiLine(max: number, example?: string): PropertyDecorator {
  return applyDecorators(
    IsString(),
    MaxChars(max),
    Matches(LINES, {
      message: ({ property }) => `${property} may contain line feeds and tabs but no CR or other control characters`,
    }),
    ApiPropertyOptional({ type: String, maxLength: max, example, nullable: true }),
  );
}

/** True when `text` has a control character (CR, LF, ...). */
export function hasControlCharacter(text: string): boolean {
  return CONTROL.test(text);
}

/** `text` with every run of control characters (CR, LF, TAB, NUL, ...) replaced by one space. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL_RUNS, ' ');
}
