import { SaleEffect, SaleShape, saleShapes } from '../../src/modules/orders/sale-effect';
import { SaleEffects } from '../../src/modules/orders/sale-effects';
import { TestApp } from './test-app';

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

/** A POST /orders body of `shape`; the customer is a new one per `tag`. */
export function orderBodyOf(shape: SaleShape, items: { product_id: string; quantity: number }[], tag: string): Record<string, unknown> {
  return {
    items,
    ...(shape.customer ? { customer: { name: `Shape ${tag}`, email: `shape-${tag}@example.test` } } : {}),
    ...(shape.invoice ? { send_invoice: true } : {}),
    ...(shape.paymentMethod ? { payment_method: shape.paymentMethod } : {}),
  };
}
