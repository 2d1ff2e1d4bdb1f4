import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { PayrollRunJson } from './payroll.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreatePayrollRunDto } from './dto/create-payroll-run.dto';
import { ListPayrollRunsQuery } from './dto/list-payroll-runs.query';
import { PayrollService } from './payroll.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('payroll')
@ApiBearerAuth()
@Controller('payroll/runs')
export class PayrollController {
  constructor(private readonly payroll: PayrollService) {}

  @Get()
  @RequiresScope('finance')
  @Endpoint({ summary: 'List payroll runs with their items, newest first', response: PayrollRunJson, shape: 'paged', errors: ['VALIDATION_FAILED'] })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListPayrollRunsQuery) {
    return this.payroll.list(biz, query);
  }

  /** 201 with the run; books one finance `expense` (category `payroll`) of the total and emits payroll.processed. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('finance')
  @Endpoint({
    idempotent: true,
    summary: 'Process a payroll run; books one finance expense (payroll) and emits payroll.processed',
    status: 201,
    response: PayrollRunJson,
    body: true,
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreatePayrollRunDto) {
    return this.payroll.create(biz, dto);
  }

  @Get(':id')
  @RequiresScope('finance')
  @Endpoint({ summary: 'Get a payroll run', response: PayrollRunJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.payroll.get(biz, id);
  }
}
