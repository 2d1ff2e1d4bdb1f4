import { inheritTransformationMetadata, inheritValidationMetadata } from '@nestjs/mapped-types';
import { ApiProperty, ApiPropertyOptional, DECORATORS } from '@nestjs/swagger';
import { getMetadataStorage, ValidateIf } from 'class-validator';
import { CreateOrderDto } from './dto/create-order.dto';
import { OrderJson } from './order.mapper';
import type { PaymentMethod } from './payment-method';
import { OnlyWithPaymentMethod, registeredPaymentMethods } from './payment-method-rules';

/** The fields already declared on the order's DTO, by name: a second app in the process declares nothing again. */
const declared = new Map<string, PaymentMethod['fields']>();

/**
 * Makes the registered methods' own fields top-level fields of POST /orders' body, as if written in
 * CreateOrderDto: each with its class's validation, conversion and documentation, skipped when absent
 * from an order paid another way and refused (400) when present in one (`OnlyWithPaymentMethod`), and
 * documents `payment_method`'s enum (the order's body and the order read alike). The class is the
 * process's, as with the sale effects' inputs (sale-effect-inputs.ts).
 */
export function declarePaymentMethodFields(methods: readonly PaymentMethod[]): void {
  const names = methods.map((method) => method.name);
  ApiPropertyOptional({ enum: names, description: `how the order is paid; ${registeredPaymentMethods.defaultName} when omitted` })(
    CreateOrderDto.prototype,
    'payment_method',
  );
  ApiProperty({ enum: names })(OrderJson.prototype, 'payment_method');
  const owners = new Map<string, string>();
  for (const method of methods) {
    if (!method.fields) continue;
    for (const key of fieldNames(method.fields)) {
      const owner = owners.get(key);
      if (owner) throw new Error(`payment method ${method.name}: ${owner} declares the field ${key} too`);
      owners.set(key, method.name);
      const before = declared.get(key);
      if (before === method.fields) continue;
      if (before || orderFields().has(key)) throw new Error(`payment method ${method.name}: ${key} is already a field of POST /orders`);
      declared.set(key, method.fields);
      declareField(method, key);
    }
  }
}

function declareField(method: PaymentMethod, key: string): void {
  const type = method.fields!;
  const target = CreateOrderDto.prototype;
  inheritValidationMetadata(type, CreateOrderDto, (name) => name === key);
  inheritTransformationMetadata(type, CreateOrderDto, (name) => name === key);
  const documented = (Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, type.prototype as object, key) ?? {}) as Record<string, unknown>;
  const only = `only with payment_method ${method.name}`;
  const description = typeof documented.description === 'string' ? `${documented.description} (${only})` : only;
  ApiPropertyOptional({ ...documented, description })(target, key);
  // absent from an order paid another way: none of its rules run (a field its method requires included)
  ValidateIf(
    (order: { payment_method?: string }, value: unknown) =>
      value !== undefined || (order.payment_method ?? registeredPaymentMethods.defaultName) === method.name,
  )(target, key);
  OnlyWithPaymentMethod(method.name)(target, key);
}

/** The properties a fields class validates or documents. */
function fieldNames(type: NonNullable<PaymentMethod['fields']>): string[] {
  const ruled = getMetadataStorage()
    .getTargetValidationMetadatas(type, '', true, false)
    .map((rule) => rule.propertyName);
  const documented = ((Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES_ARRAY, type.prototype as object) ?? []) as string[]).map((k) => k.slice(1));
  return [...new Set([...ruled, ...documented])];
}

/** The fields POST /orders' body class has rules for. */
function orderFields(): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(CreateOrderDto, '', true, false)
      .map((rule) => rule.propertyName),
  );
}
