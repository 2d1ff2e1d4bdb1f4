import { Param, ParseUUIDPipe } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

/** A path parameter that must be a UUID (400 VALIDATION_FAILED otherwise). */
export function UuidParam(name = 'id'): ParameterDecorator {
  return Param(
    name,
    new ParseUUIDPipe({
      version: undefined,
      exceptionFactory: () => DomainError.validation(name, `${name} must be a UUID`),
    }),
  );
}
