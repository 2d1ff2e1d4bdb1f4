import { Type } from '@nestjs/common';
import { defaultMetadataStorage } from 'class-transformer/cjs/storage';
import { ARRAY_MAX_SIZE, getMetadataStorage } from 'class-validator';

/** What an input class says about one of its fields before any value is converted. */
export interface DeclaredField {
  /** the longest list the field takes (ArrayMaxSize, usually through MaxItems) */
  maxItems?: number;
  /** the rule's message for a longer list */
  tooLong?: string;
  /** the class class-transformer makes of the value, or of each element of a list (`@Type`) */
  type?: Type;
}

type Rules = ReturnType<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>;

// Keyed by the rules array: the metadata cache hands out a new one when a decorator registers a rule.
const byRules = new WeakMap<Rules, Map<string, DeclaredField>>();

/** The fields of an input class that bound a list or name a nested class; empty for anything else. */
export function declaredFields(type: Type | undefined): ReadonlyMap<string, DeclaredField> {
  if (typeof type !== 'function') return new Map();
  const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
  let fields = byRules.get(rules);
  if (fields) return fields;
  fields = new Map();
  for (const rule of rules) {
    const nested = defaultMetadataStorage.findTypeMetadata(type, rule.propertyName)?.typeFunction() as Type | undefined;
    const field = fields.get(rule.propertyName) ?? { type: nested };
    if (rule.name === ARRAY_MAX_SIZE && !rule.each) {
      field.maxItems = Number(rule.constraints[0]);
      field.tooLong = typeof rule.message === 'string' ? rule.message : `${rule.propertyName} must contain at most ${field.maxItems} elements`;
    }
    fields.set(rule.propertyName, field);
  }
  byRules.set(rules, fields);
  return fields;
}
