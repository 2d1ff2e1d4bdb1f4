import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { ExpenseJson } from './expense.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { CreateExpenseDto } from './dto/create-expense.dto';
import { ListExpensesQuery } from './dto/list-expenses.query';
import { ExpensesService } from './expenses.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('expenses')
@ApiBearerAuth()
@Controller('expenses')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  @Get()
  @RequiresScope('finance')
  @Endpoint({
    summary: 'List expenses, newest first; filters category and inclusive from/to dates',
    response: ExpenseJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListExpensesQuery) {
    return this.expenses.list(biz, query);
  }

  /** 201 with the expense; books a finance `expense` transaction and emits expense.created. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('finance')
  @Endpoint({
    idempotent: true,
    summary: 'Record an expense; books a finance expense and emits expense.created',
    status: 201,
    response: ExpenseJson,
    body: true,
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateExpenseDto) {
    return this.expenses.create(biz, dto);
  }
}
