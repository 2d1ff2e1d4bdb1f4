import { Body, Controller, Get, HttpCode, Post, Put, Query, Res } from '@nestjs/common';
import { Response } from 'express';
import { writeCsv } from '../../common/csv/csv-response';
import { exportDescription } from '../../common/csv/csv-export';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { invoiceCsvLayout, InvoiceJson } from './invoice.mapper';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateInvoiceDto } from './dto/create-invoice.dto';
import { ExportInvoicesQuery, ListInvoicesQuery } from './dto/list-invoices.query';
import { UpdateInvoiceDto } from './dto/update-invoice.dto';
import { InvoicesReader } from './invoices.reader';
import { InvoicesService } from './invoices.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

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
  @RequiresScope('invoices')
  @Endpoint({
    summary: 'List invoices, newest first; filters customer_id, status, inclusive from/to issue dates (business time zone)',
    response: InvoiceJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListInvoicesQuery) {
    return this.reader.list(biz, query);
  }

  /** GET /invoices as CSV: the same filters, every matching invoice (no paging), streamed (docs/api.md, "CSV exports"). */
  @Get('export')
  @RequiresScope('invoices')
  @Endpoint({
    summary: 'Every invoice GET /invoices would list with these filters, as a CSV attachment (streamed, no paging)',
    response: InvoiceJson,
    description: exportDescription('GET /invoices'),
    shape: 'csv',
    csvHeaders: invoiceCsvLayout('UTC').headers,
    errors: ['VALIDATION_FAILED'],
  })
  async export(@CurrentBusiness() biz: BusinessContext, @Query() query: ExportInvoicesQuery, @Res() res: Response): Promise<void> {
    await writeCsv(res, this.reader.export(biz, query));
  }

  @Get(':id')
  @RequiresScope('invoices')
  @Endpoint({ summary: 'Get an invoice with its items', response: InvoiceJson, errors: ['VALIDATION_FAILED', 'NOT_FOUND'] })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }

  /** 201 with an unpaid invoice (INV number shared with order invoices; due_date default today + 30 days). Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('invoices')
  @Endpoint({
    idempotent: true,
    summary: 'Issue a manual invoice, unpaid (due in 30 days unless due_date)',
    status: 201,
    response: InvoiceJson,
    body: true,
    errors: ['UNKNOWN_CUSTOMER', 'UNKNOWN_PRODUCT', 'INACTIVE_PRODUCT'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateInvoiceDto) {
    return this.invoices.create(biz, dto);
  }

  /**
   * 200 with the invoice. unpaid -> paid | cancelled | overdue, overdue -> paid | cancelled; anything
   * else 409 INVALID_STATUS_TRANSITION; the current status again is a no-op. `paid` emits invoice.paid.
   */
  @Put(':id')
  @RequiresScope('invoices')
  @Endpoint({
    summary: 'Change an invoice status (paid emits invoice.paid)',
    response: InvoiceJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdateInvoiceDto) {
    return this.invoices.updateStatus(biz, id, dto);
  }
}
