import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Idempotent } from '../../common/idempotency/idempotent.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreatePayrollRunDto } from './dto/create-payroll-run.dto';
import { ListPayrollRunsQuery } from './dto/list-payroll-runs.query';
import { PayrollService } from './payroll.service';

@ApiTags('payroll')
@ApiBearerAuth()
@Controller('payroll/runs')
export class PayrollController {
  constructor(private readonly payroll: PayrollService) {}

  /** Runs with their items, newest first. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListPayrollRunsQuery) {
    return this.payroll.list(biz, query);
  }

  /** 201 with the run; books one finance `expense` (category `payroll`) of the total and emits payroll.processed. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @Idempotent()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreatePayrollRunDto) {
    return this.payroll.create(biz, dto);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.payroll.get(biz, id);
  }
}
