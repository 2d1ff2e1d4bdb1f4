import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { moneyNumber, moneyString } from '../../common/money/money';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceService } from '../finance/finance.service';
import { CreateExpenseDto } from './dto/create-expense.dto';
import { ListExpensesQuery } from './dto/list-expenses.query';
import { ExpenseCreatedEvent } from './events/expense-created.event';
import { ExpenseJson, ExpenseRow, toExpenseJson } from './expense.mapper';

const EXPENSE_COLUMNS = `id, amount, category, description, expense_date::text AS date, finance_transaction_id, created_at`;

/** Expenses (CONTRACT.md 7): each one is booked as a finance `expense` transaction of its category and date. */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
    private readonly finance: FinanceService,
  ) {}

  /** The expense, its finance transaction and expense.created, in one transaction. */
  async create(biz: BusinessContext, dto: CreateExpenseDto): Promise<ExpenseJson> {
    const expenseId = randomUUID();
    const description = dto.description ?? null;
    const row = await this.uow.run(async (tx) => {
      const booked = await this.finance.record(tx, {
        businessId: biz.id,
        type: 'expense',
        category: dto.category,
        amount: moneyString(dto.amount),
        description,
        referenceId: expenseId,
        occurredOn: dto.date ?? null,
        timezone: biz.timezone,
      });
      const expense = await tx.one<ExpenseRow>(
        `INSERT INTO expenses (id, business_id, amount, category, description, expense_date, finance_transaction_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6::date, $7, $8)
         RETURNING ${EXPENSE_COLUMNS}`,
        [expenseId, biz.id, booked.amount, booked.category, description, booked.date, booked.id, booked.created_at],
      );
      tx.record(
        new ExpenseCreatedEvent(biz.id, {
          expense_id: expenseId,
          amount: moneyNumber(booked.amount),
          category: booked.category,
          description,
          date: booked.date,
          finance_transaction_id: booked.id,
        }),
      );
      return expense!;
    });
    return toExpenseJson(row, biz.currency);
  }

  /** Newest expense date first; `from`/`to` inclusive. */
  async list(biz: BusinessContext, query: ListExpensesQuery): Promise<Paged<ExpenseJson>> {
    const where = new ListFilter('business_id', biz.id).equals('category', query.category).withinDates('expense_date', query);
    const page = await queryPage<ExpenseRow>(
      this.dataSource,
      { columns: EXPENSE_COLUMNS, from: 'expenses', where, orderBy: 'expense_date DESC, created_at DESC, id DESC' },
      pageRequest(query),
    );
    return page.map((row) => toExpenseJson(row, biz.currency));
  }
}
