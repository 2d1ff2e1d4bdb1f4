import { DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Rules = ValidationMetadata[];
type InputClass = abstract new (...args: never[]) => object;

/** The rules that do not make a field present: a skip when absent (IsOptional, ValidateIf) and whitelisting (Allow). */
const NOT_PRESENCE = new Set<string>([ValidationTypes.CONDITIONAL_VALIDATION, ValidationTypes.WHITELIST]);

/**
 * Whether a field of an input class is needed: its rules run on an absent value (so leaving it out is
 * a 400) unless a condition can skip them. Any condition counts (`@IsOptional()`, `OptionalNotNull`,
 * a `ValidateIf` on other fields), so a field the server defaults or needs only sometimes stays optional.
 */
export function isRequiredByRules(rules: Rules): boolean {
  return rules.some((r) => !NOT_PRESENCE.has(r.type)) && !rules.some((r) => r.type === ValidationTypes.CONDITIONAL_VALIDATION);
}

/** Every class with validation rules (class-validator keeps them by class, without a public list). */
function validatedClasses(): InputClass[] {
  const byClass = (getMetadataStorage() as unknown as { validationMetadatas?: Map<unknown, Rules> }).validationMetadatas;
  if (!(byClass instanceof Map)) throw new Error('class-validator keeps its rules elsewhere: requiredFromValidation needs updating');
  return [...byClass.keys()].filter((target): target is InputClass => typeof target === 'function');
}

/**
 * Makes the document's `required` of every documented, validated field say what validation does
 * (docs/api.md, "The OpenAPI document"), whatever the field's decorators wrote: composite rules such
 * as `@IsOneOf()` are applied before or after `@IsOptional()` and cannot know which it will be.
 * Run before the document is built.
 */
export function requiredFromValidation(): void {
  const storage = getMetadataStorage();
  for (const target of validatedClasses()) {
    const rules = storage.getTargetValidationMetadatas(target, '', true, false);
    for (const [property, ofProperty] of Object.entries(storage.groupByPropertyName(rules))) {
      const prototype = target.prototype as object;
      const documented = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, prototype, property) as Record<string, unknown> | undefined;
      if (!documented) continue;
      const required = isRequiredByRules(ofProperty);
      if (documented.required !== required) Reflect.defineMetadata(DECORATORS.API_MODEL_PROPERTIES, { ...documented, required }, prototype, property);
    }
  }
}
