import { SaleEffect, SaleShape, saleShapes } from '../../src/modules/orders/sale-effect';
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
  const parts = [shape.customer ? 'customer' : 'no customer', shape.invoice ? 'invoice' : 'no invoice', shape.paymentMethod ?? 'cash'];
  return parts.join(', ');
}

/** The customer of a shape's order placed with `tag`, when the shape has one. */
export function shapeCustomerEmail(tag: string): string {
  return `shape-${tag}@example.test`;
}

/**
 * What a sale effect needs in the database for the orders of its shapes to pass its check (a gift
 * card's balance), by the effect's module: run before each order the generic tests place. None of
 * today's effects needs any.
 */
export type ShapeArrangement = (t: TestApp, biz: TestBusiness, shape: SaleShape, tag: string) => Promise<void>;
const ARRANGEMENTS: Record<string, ShapeArrangement> = {};

/** Runs the arrangements of the registered effects for the order of `shape` placed with `tag`. */
export async function arrangeShape(t: TestApp, biz: TestBusiness, shape: SaleShape, tag: string): Promise<void> {
  for (const effect of registeredSaleEffects(t)) await ARRANGEMENTS[effect.module]?.(t, biz, shape, tag);
}

/** A POST /orders body of `shape`; the customer is a new one per `tag`. */
export function orderBodyOf(shape: SaleShape, items: { product_id: string; quantity: number }[], tag: string): Record<string, unknown> {
  return {
    items,
    ...(shape.customer ? { customer: { name: `Shape ${tag}`, email: shapeCustomerEmail(tag) } } : {}),
    ...(shape.invoice ? { send_invoice: true } : {}),
    ...(shape.paymentMethod ? { payment_method: shape.paymentMethod } : {}),
  };
}
