import { Param } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { parseUuid } from './decorators';

/** A path parameter that must be a UUID (400 VALIDATION_FAILED otherwise), lower-cased as body and query UUIDs are. */
export function UuidParam(name = 'id'): ParameterDecorator {
  return Param(name, {
    transform: (value: unknown) => {
      const id = parseUuid(value);
      if (id === undefined) throw DomainError.validation(name, `${name} must be a UUID`);
      return id;
    },
  });
}
