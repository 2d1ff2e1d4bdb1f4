import { Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import { inLockOrder, SaleEffect, saleEffectRankProblem } from './sale-effect';

/**
 * Marks a provider as a sale effect: `@Injectable() @SaleEffectProvider() class GiftCardsSaleEffect
 * implements SaleEffect`, provided by its own module (with whatever it injects). Every order,
 * cancellation and return of the app then runs it; nothing under modules/orders names it.
 */
export const SaleEffectProvider = DiscoveryService.createDecorator<void>();

/**
 * The registered sale effects, in lock order: every provider marked `@SaleEffectProvider()` in the
 * app's modules, gathered once the app's providers exist. A misranked effect (database/lock-order.ts)
 * or two effects of one module stop the app from starting.
 */
@Injectable()
export class SaleEffects implements OnModuleInit {
  private effects: SaleEffect[] | undefined;
  private checking: SaleEffect[] = [];

  constructor(private readonly discovery: DiscoveryService) {}

  onModuleInit(): void {
    const found = this.discovery
      .getProviders({ metadataKey: SaleEffectProvider.KEY })
      .map((wrapper) => wrapper.instance as SaleEffect | undefined)
      .filter((effect): effect is SaleEffect => effect !== undefined);
    this.register(found);
  }

  /** All of them, in lock order: the order in which they add their parts and undo. */
  get all(): SaleEffect[] {
    if (!this.effects) throw new Error('the sale effects are read before the app has started');
    return this.effects;
  }

  /** Those with a check phase, in lock order. */
  get checks(): SaleEffect[] {
    return this.checking;
  }

  private register(found: SaleEffect[]): void {
    const modules = new Set<string>();
    for (const effect of found) {
      if (modules.has(effect.module)) throw new Error(`sale effect ${effect.module} is registered twice (provided by two modules?)`);
      modules.add(effect.module);
      const problem = saleEffectRankProblem(effect);
      if (problem) throw new Error(`${problem} (database/lock-order.ts)`);
    }
    this.effects = inLockOrder(found);
    this.checking = this.effects.filter((effect) => effect.checkSale !== undefined);
  }
}
