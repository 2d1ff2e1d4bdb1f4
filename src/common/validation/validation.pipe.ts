import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';
import { MAX_VALIDATION_DETAILS } from '../errors/error-body';
import { emptyParameters, NOT_ALLOWED } from './declared-query';
import { unsafeInputProblems } from './unsafe-input';
import { cacheValidationMetadata } from './validation-metadata-cache';

/**
 * `items[0].quantity`-style field paths with every failed constraint message, depth first, at most
 * `limit` of them. Iterative: the error tree is as wide and as deep as the body was.
 */
export function flattenValidationErrors(errors: ValidationError[], limit = MAX_VALIDATION_DETAILS): { field: string; message: string }[] {
  const out: { field: string; message: string }[] = [];
  const stack: { error: ValidationError; parent: string }[] = [];
  const pushAll = (list: ValidationError[], parent: string) => {
    for (let i = list.length - 1; i >= 0; i--) stack.push({ error: list[i], parent });
  };
  pushAll(errors, '');
  while (stack.length > 0 && out.length < limit) {
    const { error, parent } = stack.pop()!;
    const isIndex = /^\d+$/.test(error.property);
    const field = parent ? (isIndex ? `${parent}[${error.property}]` : `${parent}.${error.property}`) : error.property;
    for (const message of Object.values(error.constraints ?? {})) {
      if (out.length < limit) out.push({ field, message: message.replace(/^property (\S+) should not exist$/, NOT_ALLOWED) });
    }
    if (error.children?.length) pushAll(error.children, field);
  }
  return out;
}

/**
 * The whitelisting pipe, after a look at what class-transformer would hide or PostgreSQL refuse; a
 * query parameter given empty is refused once the DTO has taken it (an unknown one is named as such).
 */
class ContractValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query') {
      const problems = unsafeInputProblems(value, metadata.type, metadata.metatype);
      if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', 'The request is invalid', problems);
    }
    const transformed: unknown = await super.transform(value, metadata);
    if (metadata.type === 'query') {
      const empty = emptyParameters(value, metadata.data);
      if (empty.length > 0) throw new DomainError('VALIDATION_FAILED', 'The request is invalid', empty);
    }
    return transformed;
  }
}

export function createValidationPipe(): ValidationPipe {
  cacheValidationMetadata();
  return new ContractValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    validationError: { target: false, value: false },
    exceptionFactory: (errors) => new DomainError('VALIDATION_FAILED', 'The request is invalid', flattenValidationErrors(errors)),
  });
}
