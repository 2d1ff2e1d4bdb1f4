import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type as TransformTo } from 'class-transformer';
import { getMetadataStorage, IsOptional, ValidateNested } from 'class-validator';
import type { SaleEffect, SaleEffectInput } from './sale-effect';
import { CreateOrderDto } from './dto/create-order.dto';

/** The inputs already declared on the order's DTO, by key: a second app in the process declares nothing again. */
const declared = new Map<string, SaleEffectInput['type']>();

/**
 * Adds each effect's declared input to POST /orders' body class when the app starts, as if it were
 * written in CreateOrderDto: optional, validated as its own class (unknown fields 400, like any
 * nested DTO), and documented with it in the OpenAPI document (which is built after the effects are
 * gathered). The class is the process's: an app started later in the same process without the effect
 * still takes the field, and its orders ignore it (tests start their test-only effects in a file of
 * their own). A key the orders DTO has, or two effects with one key, stop the app.
 */
export function declareSaleEffectInputs(effects: readonly SaleEffect[]): void {
  const keys = new Set<string>();
  for (const { input, module } of effects) {
    if (!input) continue;
    if (keys.has(input.key)) throw new Error(`sale effect ${module}: another effect declares the input ${input.key}`);
    keys.add(input.key);
    const before = declared.get(input.key);
    if (before === input.type) continue;
    if (before || orderFields().has(input.key)) throw new Error(`sale effect ${module}: ${input.key} is already a field of POST /orders`);
    declared.set(input.key, input.type);
    const target = CreateOrderDto.prototype;
    TransformTo(() => input.type)(target, input.key);
    ApiPropertyOptional({ type: input.type, description: input.description, example: input.example })(target, input.key);
    IsOptional()(target, input.key);
    ValidateNested()(target, input.key);
  }
}

/** The fields POST /orders' body class has rules for. */
function orderFields(): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(CreateOrderDto, '', true, false)
      .map((rule) => rule.propertyName),
  );
}

/** The input each effect is handed, by module, of a validated order body; empty when no effect declares one. */
export function saleEffectInputsOf(dto: CreateOrderDto, withInput: readonly SaleEffect[]): ReadonlyMap<string, unknown> {
  if (withInput.length === 0) return NO_INPUTS;
  const body = dto as unknown as Record<string, unknown>;
  return new Map(withInput.map((effect) => [effect.module, body[effect.input!.key]]));
}

export const NO_INPUTS: ReadonlyMap<string, unknown> = new Map();
