import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Idempotent } from '../../common/idempotency/idempotent.decorator';
import { CreateExpenseDto } from './dto/create-expense.dto';
import { ListExpensesQuery } from './dto/list-expenses.query';
import { ExpensesService } from './expenses.service';

@ApiTags('expenses')
@ApiBearerAuth()
@Controller('expenses')
export class ExpensesController {
  constructor(private readonly expenses: ExpensesService) {}

  /** Newest first; filters `category` and inclusive `from`/`to` expense dates. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListExpensesQuery) {
    return this.expenses.list(biz, query);
  }

  /** 201 with the expense; books a finance `expense` transaction and emits expense.created. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @Idempotent()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateExpenseDto) {
    return this.expenses.create(biz, dto);
  }
}
