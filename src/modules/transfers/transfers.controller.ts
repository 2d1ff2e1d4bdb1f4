import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreateTransferDto } from './dto/create-transfer.dto';
import { ListTransfersQuery } from './dto/list-transfers.query';
import { ReceiveTransferDto } from './dto/receive-transfer.dto';
import { TransferJson } from './transfer.mapper';
import { TransfersReader } from './transfers.reader';
import { TransfersService } from './transfers.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('stock')
@ApiBearerAuth()
@Controller('stock/transfers')
export class TransfersController {
  constructor(
    private readonly transfers: TransfersService,
    private readonly reader: TransfersReader,
  ) {}

  /** 201 with the transfer in transit, numbered TR-0001 gaplessly; the goods have left the source. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('inventory')
  @Endpoint({
    idempotent: true,
    summary: 'Ship stock from one warehouse to another (transfer_out movements; never below zero)',
    status: 201,
    response: TransferJson,
    body: true,
    errors: ['UNKNOWN_PRODUCT', 'UNKNOWN_WAREHOUSE', 'INSUFFICIENT_STOCK'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreateTransferDto) {
    return this.transfers.create(biz, dto);
  }

  @Get()
  @RequiresScope('inventory')
  @Endpoint({
    summary: 'List transfers, newest first; filters status and inclusive from/to creation dates (business time zone)',
    response: TransferJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListTransfersQuery) {
    return this.reader.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('inventory')
  @Endpoint({
    summary: 'Get a transfer with what was shipped, received and lost of each product',
    response: TransferJson,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }

  /** What arrived enters the destination, the rest is recorded as lost; emits stock.transferred. */
  @Post(':id/receive')
  @HttpCode(200)
  @RequiresScope('inventory')
  @Endpoint({
    idempotent: true,
    summary: 'Receive a transfer in full (no items) or in part (the rest is lost); emits stock.transferred',
    response: TransferJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'RECEIPT_EXCEEDS_SHIPPED', 'STOCK_LIMIT'],
  })
  receive(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: ReceiveTransferDto) {
    return this.transfers.receive(biz, id, dto);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequiresScope('inventory')
  @Endpoint({
    idempotent: true,
    summary: 'Cancel a transfer in transit: its goods go back to the source (transfer_cancel movements)',
    response: TransferJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'STOCK_LIMIT'],
  })
  cancel(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.transfers.cancel(biz, id);
  }
}
