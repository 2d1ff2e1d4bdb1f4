import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { ErrorCode } from '../../common/errors/error-codes';
import { CreateOrderDto } from './dto/create-order.dto';
import { PaymentMethod, SaleTender } from './payment-method';
import { declarePaymentMethodFields } from './payment-method-fields';
import { registeredPaymentMethods } from './payment-method-rules';

/**
 * Marks a provider as a payment method: `@Injectable() @PaymentMethodProvider() class CashPayment
 * implements PaymentMethod`, provided by its own module. Its name becomes a value of POST /orders'
 * `payment_method`; nothing under modules/orders or modules/returns names it.
 */
export const PaymentMethodProvider = DiscoveryService.createDecorator<void>();

/**
 * The registered payment methods, by name: every provider marked `@PaymentMethodProvider()`, gathered
 * once the app's providers exist (their fields added to POST /orders' body and their names to its
 * `payment_method`, payment-method-fields.ts). Two methods of one name, none or two defaults, or a
 * field named like another field of the order stop the app from starting.
 */
@Injectable()
export class PaymentMethods implements OnModuleInit {
  private byName: Map<string, PaymentMethod> | undefined;
  private fallback!: PaymentMethod;

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    void this.all;
  }

  get all(): PaymentMethod[] {
    return [...this.gathered().values()];
  }

  /** The method of an order that names none. */
  get default(): PaymentMethod {
    this.gathered();
    return this.fallback;
  }

  /** The registered method `name`; undefined for a name no module registers (a sale stored before it was removed). */
  find(name: string): PaymentMethod | undefined {
    return this.gathered().get(name);
  }

  /** The method a validated order body pays with: the default when it names none (absent or null). */
  of(dto: CreateOrderDto): PaymentMethod {
    return dto.payment_method === undefined || dto.payment_method === null ? this.default : this.gathered().get(dto.payment_method)!;
  }

  /** What `dto` tendered against `total` by its method's rule (in memory); null without a rule or a tender. */
  tender(dto: CreateOrderDto, total: string): SaleTender | null {
    const method = this.of(dto);
    return method.tender ? method.tender(total, dto) : null;
  }

  /** The codes the methods refuse an order with, for POST /orders' document. */
  get refusals(): ErrorCode[] {
    return [...new Set(this.all.flatMap((method) => method.refusals ?? []))];
  }

  private gathered(): Map<string, PaymentMethod> {
    return (this.byName ??= this.gather());
  }

  private gather(): Map<string, PaymentMethod> {
    const found = this.discovery
      .getProviders({ metadataKey: PaymentMethodProvider.KEY })
      .map((wrapper) => wrapper.instance as PaymentMethod | undefined)
      .filter((method): method is PaymentMethod => method !== undefined)
      // the default first, then as the modules provide them
      .sort((a, b) => Number(b.isDefault === true) - Number(a.isDefault === true));
    const byName = new Map<string, PaymentMethod>();
    for (const method of found) {
      if (byName.has(method.name)) throw new Error(`payment method ${method.name} is registered twice (provided by two modules?)`);
      byName.set(method.name, method);
    }
    const defaults = found.filter((method) => method.isDefault === true);
    if (defaults.length !== 1) throw new Error(`exactly one payment method must be the default (isDefault), found ${defaults.length}`);
    this.fallback = defaults[0];
    registeredPaymentMethods.names = found.map((method) => method.name);
    registeredPaymentMethods.defaultName = this.fallback.name;
    declarePaymentMethodFields(found);
    return byName;
  }
}
