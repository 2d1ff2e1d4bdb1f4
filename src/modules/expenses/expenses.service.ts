import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { moneyNumber, moneyString } from '../../common/money/money';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceService } from '../finance/finance.service';
import { CreateExpenseDto } from './dto/create-expense.dto';
import { ListExpensesQuery } from './dto/list-expenses.query';
import { Expense } from './entities/expense.entity';
import { ExpenseCreatedData, ExpenseCreatedEvent } from './events/expense-created.event';
import { ExpenseJson, toExpenseJson } from './expense.mapper';

/** Expenses: each one is booked as a finance `expense` transaction of its category and date. */
@Injectable()
export class ExpensesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly finance: FinanceService,
    @InjectRepository(Expense) private readonly expenses: Repository<Expense>,
  ) {}

  /** The response is shaped inside the unit of work: it is the outcome an Idempotency-Key commits with the effect. */
  async create(biz: BusinessContext, dto: CreateExpenseDto): Promise<ExpenseJson> {
    return this.uow.run(async (tx) => toExpenseJson(await this.book(tx, biz, dto), biz.currency));
  }

  /**
   * The expense, its finance transaction and expense.created. The expense takes the booking's
   * amount, date and creation time, so the two always agree.
   */
  async book(tx: Tx, biz: BusinessContext, dto: CreateExpenseDto): Promise<Expense> {
    const expenseId = randomUUID();
    const booked = await this.finance.record(tx, {
      businessId: biz.id,
      type: 'expense',
      category: dto.category,
      amount: moneyString(dto.amount),
      description: dto.description ?? null,
      referenceId: expenseId,
      occurredOn: dto.date ?? null,
      timezone: biz.timezone,
    });
    const repo = tx.getRepository(Expense);
    const expense = repo.create({
      id: expenseId,
      businessId: biz.id,
      amount: booked.amount,
      category: booked.category,
      description: booked.description,
      expenseDate: booked.occurredOn,
      financeTransactionId: booked.id,
      createdAt: booked.createdAt,
    });
    await repo.insert(expense);
    tx.record(new ExpenseCreatedEvent(biz.id, eventData(expense)));
    const label = [expense.category, expense.description].filter(Boolean).join(': ');
    tx.recordActivity(activityOf(biz, 'expenses.create', { type: 'expense', id: expense.id, label: label || null }));
    return expense;
  }

  /** Newest expense date first; `from`/`to` inclusive. */
  async list(biz: BusinessContext, query: ListExpensesQuery): Promise<Paged<ExpenseJson>> {
    const page = await BusinessQuery.of(this.expenses, 'e', biz.id)
      .equals('e.category', query.category)
      .withinDates('e.expenseDate', query)
      .orderBy({ 'e.expenseDate': 'DESC', 'e.createdAt': 'DESC', 'e.id': 'DESC' })
      .page(pageRequest(query));
    return page.map((expense) => toExpenseJson(expense, biz.currency));
  }
}

function eventData(expense: Expense): ExpenseCreatedData {
  return {
    expense_id: expense.id,
    amount: moneyNumber(expense.amount),
    category: expense.category,
    description: expense.description,
    date: expense.expenseDate,
    finance_transaction_id: expense.financeTransactionId,
  };
}
