import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { OpenAPIObject } from '@nestjs/swagger';
import { ErrorCode } from '../../common/errors/error-codes';
import { documentMoreErrors } from '../../common/openapi/endpoint.decorator';
import { inLockOrder, SaleEffect, saleEffectRankProblem } from './sale-effect';
import { declareSaleEffectInputs } from './sale-effect-inputs';

/**
 * Marks a provider as a sale effect: `@Injectable() @SaleEffectProvider() class GiftCardsSaleEffect
 * implements SaleEffect`, provided by its own module (with whatever it injects). Every order,
 * cancellation and return of the app then runs it; nothing under modules/orders names it.
 */
export const SaleEffectProvider = DiscoveryService.createDecorator<void>();

/**
 * The registered sale effects, in lock order: every provider marked `@SaleEffectProvider()` in the
 * app's modules, gathered once the app's providers exist (and their inputs added to POST /orders'
 * body, sale-effect-inputs.ts). A misranked effect (database/lock-order.ts), two effects of one
 * module or an input named like a field of the order stop the app from starting.
 */
@Injectable()
export class SaleEffects implements OnModuleInit {
  private effects: SaleEffect[] | undefined;
  private checking: SaleEffect[] = [];
  private inputs: SaleEffect[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  /** Gathers them when the app starts, so a misranked effect stops it there. */
  onModuleInit(): void {
    void this.all;
  }

  /** All of them, in lock order: the order in which they check, add their parts and undo. */
  get all(): SaleEffect[] {
    return (this.effects ??= this.gather());
  }

  /** Those with a check phase, in lock order. */
  get checks(): SaleEffect[] {
    void this.all;
    return this.checking;
  }

  /** Those that declare an input of POST /orders' body, in lock order (none: an order reads none). */
  get withInput(): SaleEffect[] {
    void this.all;
    return this.inputs;
  }

  /** The codes their checks refuse an order with, for POST /orders' document (the payment methods' among them). */
  get refusals(): ErrorCode[] {
    return [...new Set(this.all.flatMap((effect) => effect.refusals ?? []))];
  }

  private gather(): SaleEffect[] {
    const found = this.discovery
      .getProviders({ metadataKey: SaleEffectProvider.KEY })
      .map((wrapper) => wrapper.instance as SaleEffect | undefined)
      .filter((effect): effect is SaleEffect => effect !== undefined);
    const modules = new Set<string>();
    for (const effect of found) {
      if (modules.has(effect.module)) throw new Error(`sale effect ${effect.module} is registered twice (provided by two modules?)`);
      modules.add(effect.module);
      const problem = saleEffectRankProblem(effect);
      if (problem) throw new Error(`${problem} (database/lock-order.ts)`);
    }
    const effects = inLockOrder(found);
    this.checking = effects.filter((effect) => effect.checkSale !== undefined);
    this.inputs = effects.filter((effect) => effect.input !== undefined);
    declareSaleEffectInputs(this.inputs);
    return effects;
  }
}

/** POST /orders documents the refusals of the registered effects' checks (its other codes are on the route). */
export function documentSaleEffectRefusals(document: OpenAPIObject, effects: SaleEffects): void {
  const refusals = effects.refusals;
  if (refusals.length > 0) documentMoreErrors(document, '/api/v1/orders', 'post', refusals);
}
