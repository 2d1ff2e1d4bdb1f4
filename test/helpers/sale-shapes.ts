import { SaleEffect, SaleShape, saleShapes } from '../../src/modules/orders/sale-effect';
import { PaymentSaleEffect, PAYMENTS } from '../../src/modules/orders/payment-sale.effect';
import { SaleEffects } from '../../src/modules/orders/sale-effects';
import { TestApp, TestBusiness } from './test-app';

/** The sale effects the app registered (every `@SaleEffectProvider()`), in lock order. */
export function registeredSaleEffects(t: TestApp): SaleEffect[] {
  return t.app.get(SaleEffects).all;
}

/** Every combination of the registered effects' shapes: the orders whose numbered statements differ. */
export function registeredSaleShapes(t: TestApp): SaleShape[] {
  return saleShapes(registeredSaleEffects(t));
}

/** `customer+invoice+bank_transfer`, for a test's name. */
export function shapeName(shape: SaleShape): string {
  const parts = [
    shape.customer ? 'customer' : 'no customer',
    shape.invoice ? 'invoice' : 'no invoice',
    shape.paymentMethod ?? 'cash',
    ...(shape.inputs ?? []).map((module) => `${module}'s input`),
  ];
  return parts.join(', ');
}

/** The customer of a shape's order placed with `tag`, when the shape has one. */
export function shapeCustomerEmail(tag: string): string {
  return `shape-${tag}@example.test`;
}

/**
 * What a sale effect needs in the database for the orders of its shapes to pass its check (a gift
 * card's balance), by the effect's module: run before each order the generic tests place. It may
 * return the effect's input for that order (a card's code); without an arrangement, an order of a
 * shape with the effect's input carries its declared example. None of today's effects needs any.
 */
export type ShapeArrangement = (t: TestApp, biz: TestBusiness, shape: SaleShape, tag: string) => Promise<unknown>;
const ARRANGEMENTS: Record<string, ShapeArrangement> = {};

/**
 * Runs the arrangements of the registered effects for the order of `shape` placed with `tag`; gives
 * back the effects' inputs the order carries, as fields of its body (`{ gift_card: {...} }`).
 */
export async function arrangeShape(t: TestApp, biz: TestBusiness, shape: SaleShape, tag: string): Promise<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for (const effect of registeredSaleEffects(t)) {
    const arranged = await ARRANGEMENTS[effect.module]?.(t, biz, shape, tag);
    if (effect.input && shape.inputs?.includes(effect.module)) fields[effect.input.key] = arranged ?? effect.input.example;
  }
  return { ...fields, ...paymentExample(registeredSaleEffects(t), shape) };
}

/** The declared example of the fields of `shape`'s payment method, if it needs any (a voucher's code). */
function paymentExample(effects: readonly SaleEffect[], shape: SaleShape): object {
  const payments = effects.find((e): e is PaymentSaleEffect => e instanceof PaymentSaleEffect);
  return payments?.methodOf(shape.paymentMethod)?.example ?? {};
}

/** The inputs of `shape`'s order by module, each effect's declared example (and its payment method's): what composeSaleStatement is handed. */
export function shapeInputs(effects: readonly SaleEffect[], shape: SaleShape): Map<string, unknown> {
  const inputs = new Map<string, unknown>(effects.filter((e) => e.input && shape.inputs?.includes(e.module)).map((e) => [e.module, e.input!.example]));
  // the payment method's fields are the order's body (OrdersService hands it to the payments effect)
  return inputs.set(PAYMENTS, paymentExample(effects, shape));
}

/** A POST /orders body of `shape`; the customer is a new one per `tag`; `inputs` what arrangeShape gave. */
export function orderBodyOf(
  shape: SaleShape,
  items: { product_id: string; quantity: number }[],
  tag: string,
  inputs: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    ...inputs,
    items,
    ...(shape.customer ? { customer: { name: `Shape ${tag}`, email: shapeCustomerEmail(tag) } } : {}),
    ...(shape.invoice ? { send_invoice: true } : {}),
    ...(shape.paymentMethod ? { payment_method: shape.paymentMethod } : {}),
  };
}
