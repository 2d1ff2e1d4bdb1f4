import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Idempotent } from '../../common/idempotency/idempotent.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateInvoiceDto } from './dto/create-invoice.dto';
import { ListInvoicesQuery } from './dto/list-invoices.query';
import { UpdateInvoiceDto } from './dto/update-invoice.dto';
import { InvoicesReader } from './invoices.reader';
import { InvoicesService } from './invoices.service';

@ApiTags('invoices')
@ApiBearerAuth()
@Controller('invoices')
export class InvoicesController {
  constructor(
    private readonly invoices: InvoicesService,
    private readonly reader: InvoicesReader,
  ) {}

  /** Newest first; filters customer_id, status (paid, unpaid, cancelled, overdue), inclusive from/to issue dates in the business time zone. */
  @Get()
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListInvoicesQuery) {
    return this.reader.list(biz, query);
  }

  @Get(':id')
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }

  /** 201 with an unpaid invoice (INV number shared with order invoices; due_date default today + 30 days). Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @Idempotent()
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateInvoiceDto) {
    return this.invoices.create(biz, dto);
  }

  /**
   * 200 with the invoice. unpaid -> paid | cancelled | overdue, overdue -> paid | cancelled; anything
   * else 409 INVALID_STATUS_TRANSITION; the current status again is a no-op. `paid` emits invoice.paid.
   */
  @Put(':id')
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateInvoiceDto) {
    return this.invoices.updateStatus(biz, id, dto);
  }
}
