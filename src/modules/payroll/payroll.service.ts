import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { groupBy } from '../../common/collections/group-by';
import { moneyNumber } from '../../common/money/money';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/find-in-business';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceTransactionRow } from '../finance/finance.mapper';
import { FinanceService } from '../finance/finance.service';
import { CreatePayrollRunDto } from './dto/create-payroll-run.dto';
import { ListPayrollRunsQuery } from './dto/list-payroll-runs.query';
import { PayrollProcessedEvent } from './events/payroll-processed.event';
import { pricePayrollRun, PricedPayrollRun } from './payroll-run';
import { PayrollItemRow, PayrollRunJson, PayrollRunRow, toPayrollRunJson } from './payroll.mapper';

const RUN_COLUMNS = `id, period_start::text AS period_start, period_end::text AS period_end, total, employee_count,
  finance_transaction_id, created_at`;

/**
 * Payroll runs (CONTRACT.md 7): a period and what each employee is paid, booked as ONE finance
 * `expense` (category `payroll`) of the total on the day the run is processed.
 */
@Injectable()
export class PayrollService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
    private readonly finance: FinanceService,
  ) {}

  /** The run with its items, its finance expense and payroll.processed, in one transaction. */
  async create(biz: BusinessContext, dto: CreatePayrollRunDto): Promise<PayrollRunJson> {
    const priced = pricePayrollRun(dto);
    const runId = randomUUID();
    const run = await this.uow.run(async (tx) => {
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
      const row = await this.insertRun(tx, biz.id, runId, priced, booked);
      tx.record(
        new PayrollProcessedEvent(biz.id, {
          run_id: runId,
          period_start: priced.periodStart,
          period_end: priced.periodEnd,
          total: moneyNumber(priced.total),
          employee_count: priced.items.length,
        }),
      );
      return row;
    });
    return toPayrollRunJson(run, priced.items.map((item) => ({ run_id: runId, ...item })), biz.currency);
  }

  /** The run and its items in one statement, linked to the finance transaction that books it. */
  private async insertRun(tx: Tx, businessId: string, runId: string, run: PricedPayrollRun, booked: FinanceTransactionRow): Promise<PayrollRunRow> {
    const [row] = await tx.query<PayrollRunRow>(
      `WITH run AS (
         INSERT INTO payroll_runs (id, business_id, period_start, period_end, total, employee_count, finance_transaction_id, created_at)
         VALUES ($1, $2, $3::date, $4::date, $5, $6, $7, $8)
         RETURNING ${RUN_COLUMNS}
       ), items AS (
         INSERT INTO payroll_items (business_id, run_id, line_no, employee_name, amount)
         SELECT $2, run.id, i.line_no, i.employee_name, i.amount
           FROM run, unnest($9::int[], $10::text[], $11::numeric[]) AS i(line_no, employee_name, amount)
       )
       SELECT * FROM run`,
      [
        runId,
        businessId,
        run.periodStart,
        run.periodEnd,
        run.total,
        run.items.length,
        booked.id,
        booked.created_at,
        run.items.map((_, i) => i + 1),
        run.items.map((item) => item.employee_name),
        run.items.map((item) => item.amount),
      ],
    );
    return row;
  }

  /** Newest first, each run with its items (two queries whatever the page size). */
  async list(biz: BusinessContext, query: ListPayrollRunsQuery): Promise<Paged<PayrollRunJson>> {
    const where = new ListFilter('business_id', biz.id);
    const runs = await queryPage<PayrollRunRow>(
      this.dataSource,
      { columns: RUN_COLUMNS, from: 'payroll_runs', where, orderBy: 'created_at DESC, id DESC' },
      pageRequest(query),
    );
    const items = await this.itemsOf(biz.id, runs.items.map((r) => r.id));
    return runs.map((run) => toPayrollRunJson(run, items.get(run.id) ?? [], biz.currency));
  }

  async get(biz: BusinessContext, id: string): Promise<PayrollRunJson> {
    const run = await findInBusiness<PayrollRunRow>(this.dataSource, 'payroll_runs', biz.id, id, { columns: RUN_COLUMNS, notFound: 'Payroll run' });
    const items = await this.itemsOf(biz.id, [id]);
    return toPayrollRunJson(run, items.get(id) ?? [], biz.currency);
  }

  private async itemsOf(businessId: string, runIds: string[]): Promise<Map<string, PayrollItemRow[]>> {
    if (runIds.length === 0) return new Map();
    const rows: PayrollItemRow[] = await this.dataSource.query(
      `SELECT run_id, employee_name, amount FROM payroll_items WHERE business_id = $1 AND run_id = ANY($2::uuid[]) ORDER BY run_id, line_no`,
      [businessId, runIds],
    );
    return groupBy(rows, (row) => row.run_id);
  }
}
