import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { runStatement } from '../../database/run-statement';
import { AnalyticsPlan, AnalyticsPlanner } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { dayCount } from './analytics-window';
import { toDashboard, toRevenueSeries, toTopProduct } from './analytics.mapper';
import { DashboardJson } from './analytics.responses';
import * as reportSql from './persistence/analytics-reports.sql';
import {
  MarginProductRow,
  MarginSort,
  MarginTotals,
  RevenueRow,
  RolledCounts,
  TopProductRow,
  TopProductSort,
  WindowParams,
} from './persistence/analytics-reports.sql';
import { inventoryValuationJson } from './persistence/inventory-valuation.sql';
import * as windowSql from './persistence/analytics-window-products.sql';
import { WindowRowsFound } from './persistence/analytics-window-products.sql';
import { AnalyticsWindowProducts } from './analytics-window-products';
import { Statement } from '../../database/statement';
import { toMargin } from './reports.mapper';
import { InventoryValuationJson } from './reports.responses';
import { JsonText } from '../../common/http/envelope';
import { UnitOfWork } from '../../database/unit-of-work';

export type { TopProductSort } from './persistence/analytics-reports.sql';
export type DashboardCompare = 'previous';

/** A fill racing a concurrent invalidation can leave a day missing again; asking again fixes it. */
const MAX_READS = 3;

/**
 * Dashboard, revenue series, top products and margin, aggregated in PostgreSQL from three parts (see
 * AnalyticsPlan): the daily rollup of the closed days, the hourly rollup of the closed hours of
 * the open days, and the counted sales since then, live.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly db: DataSource,
    private readonly planner: AnalyticsPlanner,
    private readonly rollups: AnalyticsRollupService,
    private readonly windowProducts: AnalyticsWindowProducts,
    private readonly uow: UnitOfWork,
  ) {}

  /** `compare`: with `previous`, the figures of the window of the same length just before (AnalyticsPlanner.previous). */
  async dashboard(biz: BusinessContext, days: number, compare?: DashboardCompare): Promise<DashboardJson> {
    const plan = await this.planner.plan(biz, days);
    if (compare !== 'previous') return toDashboard(plan, await this.dashboardRow(biz, plan));
    // the two windows side by side, on two connections
    const [current, { revenue, customers, products }] = await Promise.all([
      this.dashboardRow(biz, plan).then((row) => toDashboard(plan, row)),
      this.planner.previous(biz, plan).then(async (previous) => toDashboard(previous, await this.dashboardRow(biz, previous))),
    ]);
    return { ...current, previous: { revenue, customers, products } };
  }

  private dashboardRow(biz: BusinessContext, plan: AnalyticsPlan) {
    return this.readRolledUp(biz, plan, async (window) => {
      const [r] = await runStatement(this.db, reportSql.dashboard, [...window, plan.windowStart.toISOString()]);
      return { rolled: r, value: r };
    });
  }

  async revenue(biz: BusinessContext, days: number) {
    const plan = await this.planner.plan(biz, days);
    const rows = await this.readRolledUp(biz, plan, async (window) => {
      const result = await runStatement(this.db, reportSql.revenue, [...window, biz.timezone]);
      return { rolled: result[0], value: result.filter((r): r is RevenueRow & RolledCounts => r.day !== null) };
    });
    return toRevenueSeries(plan, rows);
  }

  async topProducts(biz: BusinessContext, days: number, limit: number, sort: TopProductSort) {
    const plan = await this.planner.plan(biz, days);
    const unbuilt = { length: false };
    const rows = await this.readRolledUp<TopProductRow[]>(biz, plan, async (window) => {
      const closed = await this.fromWindowRows(biz, plan, windowSql.windowTopProducts[sort], [...window, limit, plan.days], unbuilt);
      if (closed)
        return {
          rolled: closed.rolled,
          value: closed.rows.filter((r): r is TopProductRow & WindowRowsFound & RolledCounts => r.product_id !== null),
        };
      const result = await runStatement(this.db, reportSql.topProducts[sort], [...window, limit]);
      return { rolled: result[0], value: result.filter((r): r is TopProductRow & RolledCounts => r.product_id !== null) };
    });
    if (unbuilt.length) this.windowProducts.buildSoon(biz.id, plan);
    return rows.map(toTopProduct);
  }

  /**
   * GET /reports/inventory-valuation: the rows of `product_valuations` with stock, kept with the stock
   * by triggers, each with its JSON already written, read in the order of their index and joined by
   * PostgreSQL (inventory-valuation.sql.ts), sent as it comes.
   */
  async inventoryValuation(biz: BusinessContext): Promise<JsonText<InventoryValuationJson>> {
    const [row] = await runStatement(this.db, inventoryValuationJson, [biz.id]);
    return new JsonText(`{"currency":${JSON.stringify(biz.currency)},"total_value":${row.total_value},"products":`, row.products, '}');
  }

  /** GET /reports/margin: the window's revenue and cost of goods net of returns, in all and for the top products by `sort`. */
  async margin(biz: BusinessContext, days: number, sort: MarginSort = 'revenue') {
    const plan = await this.planner.plan(biz, days);
    type Row = (MarginProductRow | { [K in keyof MarginProductRow]: null }) & MarginTotals;
    const unbuilt = { length: false };
    const rows = await this.readRolledUp<Row[]>(biz, plan, async (window) => {
      const closed = await this.fromWindowRows(biz, plan, windowSql.windowMargin[sort], [...window, reportSql.MARGIN_TOP_PRODUCTS, plan.days], unbuilt);
      if (closed) return { rolled: closed.rolled, value: closed.rows };
      const result = await runStatement(this.db, reportSql.margin[sort], [...window, reportSql.MARGIN_TOP_PRODUCTS]);
      return { rolled: result[0], value: result };
    });
    if (unbuilt.length) this.windowProducts.buildSoon(biz.id, plan);
    return toMargin(
      plan,
      rows[0],
      rows.filter((r): r is MarginProductRow & MarginTotals => r.product_id !== null),
    );
  }

  /**
   * A product read from the window rows (AnalyticsWindowProducts) when they hold exactly the plan's
   * closed days, with its rolled-up counts (a day not rolled up since a return is still in the rows
   * as it was, until the fill the caller then runs replaces it); null when they do not (not built
   * for this length yet, or for yesterday's window): the caller reads the daily rollups, the warmer
   * is told of the length, and `unbuilt.length` is set: once the read has rolled up every day, the
   * caller has the rows built in the background (AnalyticsWindowProducts.buildSoon).
   */
  private async fromWindowRows<P extends unknown[], R extends WindowRowsFound & RolledCounts>(
    biz: BusinessContext,
    plan: AnalyticsPlan,
    statement: Statement<P, R>,
    params: P,
    unbuilt: { length: boolean },
  ): Promise<{ rolled: RolledCounts; rows: R[] } | null> {
    if (plan.rollupTo < plan.firstDay) return null;
    const rows = await runStatement(this.db, statement, params);
    if (!rows[0].found) {
      await this.windowProducts.remember(biz.id, plan.days);
      unbuilt.length = true;
      return null;
    }
    return { rolled: { rolled_days: rows[0].rolled_days, rolled_hours: rows[0].rolled_hours }, rows };
  }

  /**
   * Runs a read whose closed days and hours come from the rollups; when some of them are not
   * rolled up yet (first query of those days or hours, or invalidated since), or a product read's
   * running totals lag its closed days, rolls them up and reads again.
   */
  private async readRolledUp<T>(
    biz: BusinessContext,
    plan: AnalyticsPlan,
    read: (window: WindowParams) => Promise<{ rolled: RolledCounts; value: T }>,
  ): Promise<T> {
    const days = dayCount(plan.firstDay, plan.rollupTo);
    const window = windowParams(biz, plan);
    for (let attempt = 1; ; attempt++) {
      const { rolled, value } = await read(window);
      const complete = rolled.rolled_days === days && rolled.rolled_hours === plan.windowBuckets.length;
      // lagging product totals only make the read slower, never wrong: one fill brings them up
      if (complete && (!rolled.totals_behind || attempt > 1)) return value;
      if (attempt === MAX_READS) throw new Error(`analytics rollup of business ${biz.id} still incomplete after ${attempt} fills`);
      // the running totals only where this read takes them: the warmer extends them for the others
      await this.rollups.fillDays(biz.id, biz.timezone, plan.firstDay, plan.rollupTo, rolled.totals_behind ? 'extend' : 'rewind');
      await this.rollups.fillBuckets(biz.id, plan.windowBuckets);
    }
  }
}

/** The parameters every report read starts with. */
function windowParams(biz: BusinessContext, plan: AnalyticsPlan): WindowParams {
  const last = plan.windowBuckets[plan.windowBuckets.length - 1];
  return [biz.id, plan.firstDay, plan.rollupTo, plan.windowLiveStart.toISOString(), plan.end.toISOString(), last?.day ?? plan.rollupTo, last?.hour ?? 0];
}
