import { ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

/** `items[0].quantity`-style field paths with every failed constraint message. */
export function flattenValidationErrors(errors: ValidationError[], parent = ''): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  for (const error of errors) {
    const isIndex = /^\d+$/.test(error.property);
    const field = parent ? (isIndex ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      out.push({ field, message: message.replace(/^property (\S+) should not exist$/, 'is not an allowed field') });
    }
    if (error.children?.length) out.push(...flattenValidationErrors(error.children, field));
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) =>
      new DomainError('VALIDATION_FAILED', 'The request is invalid', flattenValidationErrors(errors)),
  });
}
