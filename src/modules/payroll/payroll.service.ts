import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { In, Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { moneyNumber } from '../../common/money/money';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceTransaction } from '../finance/entities/finance-transaction.entity';
import { FinanceService } from '../finance/finance.service';
import { CreatePayrollRunDto } from './dto/create-payroll-run.dto';
import { ListPayrollRunsQuery } from './dto/list-payroll-runs.query';
import { PayrollItem } from './entities/payroll-item.entity';
import { PayrollRun } from './entities/payroll-run.entity';
import { PayrollProcessedEvent } from './events/payroll-processed.event';
import { pricePayrollRun, PricedPayrollRun } from './payroll-run';
import { PayrollRunJson, toPayrollRunJson } from './payroll.mapper';

/**
 * Payroll runs: a period and what each employee is paid, booked as ONE finance
 * `expense` (category `payroll`) of the total on the day the run is processed.
 */
@Injectable()
export class PayrollService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly finance: FinanceService,
    @InjectRepository(PayrollRun) private readonly runs: Repository<PayrollRun>,
    @InjectRepository(PayrollItem) private readonly items: Repository<PayrollItem>,
  ) {}

  async create(biz: BusinessContext, dto: CreatePayrollRunDto): Promise<PayrollRunJson> {
    const priced = pricePayrollRun(dto);
    // shaped inside the unit of work: the outcome an Idempotency-Key commits with the effect
    return this.uow.run(async (tx) => {
      const { run, items } = await this.process(tx, biz, priced);
      return toPayrollRunJson(run, items, biz.currency);
    });
  }

  /** The run with its items, its finance expense and payroll.processed. */
  async process(tx: Tx, biz: BusinessContext, priced: PricedPayrollRun): Promise<{ run: PayrollRun; items: PayrollItem[] }> {
    const runId = randomUUID();
    const booked = await this.finance.record(tx, {
      businessId: biz.id,
      type: 'expense',
      category: 'payroll',
      amount: priced.total,
      description: `Payroll ${priced.periodStart} to ${priced.periodEnd}`,
      referenceId: runId,
      occurredOn: null,
      timezone: biz.timezone,
    });
    const stored = await this.insertRun(tx, biz.id, runId, priced, booked);
    tx.record(
      new PayrollProcessedEvent(biz.id, {
        run_id: runId,
        period_start: priced.periodStart,
        period_end: priced.periodEnd,
        total: moneyNumber(priced.total),
        employee_count: priced.items.length,
      }),
    );
    tx.recordActivity(activityOf(biz, 'payroll.create', { type: 'payroll_run', id: runId, label: `Payroll ${priced.periodStart} to ${priced.periodEnd}` }));
    return stored;
  }

  /** The run, then its items (they reference it), linked to the finance transaction that books it and created with it. */
  private async insertRun(
    tx: Tx,
    businessId: string,
    runId: string,
    priced: PricedPayrollRun,
    booked: FinanceTransaction,
  ): Promise<{ run: PayrollRun; items: PayrollItem[] }> {
    const runs = tx.getRepository(PayrollRun);
    const run = runs.create({
      id: runId,
      businessId,
      periodStart: priced.periodStart,
      periodEnd: priced.periodEnd,
      total: priced.total,
      employeeCount: priced.items.length,
      financeTransactionId: booked.id,
      createdAt: booked.createdAt,
    });
    await runs.insert(run);
    const itemRepo = tx.getRepository(PayrollItem);
    const items = priced.items.map((item, i) => itemRepo.create({ businessId, runId, lineNo: i + 1, employeeName: item.employee_name, amount: item.amount }));
    await itemRepo.insert(items);
    return { run, items };
  }

  /** Newest first, each run with its items (two queries and the count, whatever the page size). */
  async list(biz: BusinessContext, query: ListPayrollRunsQuery): Promise<Paged<PayrollRunJson>> {
    const runs = await BusinessQuery.of(this.runs, 'r', biz.id).orderBy({ 'r.createdAt': 'DESC', 'r.id': 'DESC' }).page(pageRequest(query));
    const items = await this.itemsOf(
      biz.id,
      runs.items.map((run) => run.id),
    );
    return runs.map((run) => toPayrollRunJson(run, items.get(run.id) ?? [], biz.currency));
  }

  async get(biz: BusinessContext, id: string): Promise<PayrollRunJson> {
    const run = await findInBusiness(this.runs, biz.id, id, 'Payroll run');
    const items = await this.itemsOf(biz.id, [id]);
    return toPayrollRunJson(run, items.get(id) ?? [], biz.currency);
  }

  private async itemsOf(businessId: string, runIds: string[]): Promise<Map<string, PayrollItem[]>> {
    if (runIds.length === 0) return new Map();
    const items = await this.items.find({ where: { businessId, runId: In(runIds) }, order: { runId: 'ASC', lineNo: 'ASC' } });
    return groupBy(items, (item) => item.runId);
  }
}
