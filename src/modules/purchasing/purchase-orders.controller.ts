import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { CreatePurchaseOrderDto } from './dto/create-purchase-order.dto';
import { CreateReceiptDto } from './dto/create-receipt.dto';
import { CreateSupplierPaymentDto } from './dto/create-supplier-payment.dto';
import { FinanceTransactionJson } from '../finance/finance.responses';
import { SupplierPaymentsService } from './supplier-payments.service';
import { ListPurchaseOrdersQuery } from './dto/list-purchase-orders.query';
import { UpdatePurchaseOrderDto } from './dto/update-purchase-order.dto';
import { PurchaseOrderJson } from './purchase-order.mapper';
import { PurchaseOrdersReader } from './purchase-orders.reader';
import { PurchaseOrdersService } from './purchase-orders.service';
import { ReceiptJson } from './receipt.mapper';
import { ReceiptsService } from './receipts.service';
import { RequiresScope } from '../../common/auth/requires-scope.decorator';

@ApiTags('purchase-orders')
@ApiBearerAuth()
@Controller('purchase-orders')
export class PurchaseOrdersController {
  constructor(
    private readonly orders: PurchaseOrdersService,
    private readonly reader: PurchaseOrdersReader,
    private readonly receipts: ReceiptsService,
    private readonly payments: SupplierPaymentsService,
  ) {}

  @Get()
  @RequiresScope('purchasing')
  @Endpoint({
    summary: 'List purchase orders, newest first; filters status, supplier_id, inclusive from/to creation dates (business time zone)',
    response: PurchaseOrderJson,
    shape: 'paged',
    errors: ['VALIDATION_FAILED'],
  })
  list(@CurrentBusiness() biz: BusinessContext, @Query() query: ListPurchaseOrdersQuery) {
    return this.reader.list(biz, query);
  }

  @Get(':id')
  @RequiresScope('purchasing')
  @Endpoint({
    summary: 'Get a purchase order with its lines and what was received of each',
    response: PurchaseOrderJson,
    errors: ['VALIDATION_FAILED', 'NOT_FOUND'],
  })
  get(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.reader.get(biz, id);
  }

  /** 201 with a draft, numbered PO-0001 gaplessly. Honours Idempotency-Key. */
  @Post()
  @HttpCode(201)
  @RequiresScope('purchasing')
  @Endpoint({
    idempotent: true,
    summary: 'Create a purchase order as a draft',
    status: 201,
    response: PurchaseOrderJson,
    body: true,
    errors: ['UNKNOWN_SUPPLIER', 'UNKNOWN_PRODUCT', 'UNKNOWN_WAREHOUSE'],
  })
  create(@CurrentBusiness() biz: BusinessContext, @Body() dto: CreatePurchaseOrderDto) {
    return this.orders.create(biz, dto);
  }

  @Put(':id')
  @RequiresScope('purchasing')
  @Endpoint({
    summary: 'Change a draft purchase order (sent fields only; items replaces every line)',
    response: PurchaseOrderJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'UNKNOWN_SUPPLIER', 'UNKNOWN_PRODUCT', 'UNKNOWN_WAREHOUSE'],
  })
  update(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: UpdatePurchaseOrderDto) {
    return this.orders.update(biz, id, dto);
  }

  @Post(':id/submit')
  @HttpCode(200)
  @RequiresScope('purchasing')
  @Endpoint({
    idempotent: true,
    summary: 'Submit a draft purchase order to its supplier (draft -> ordered)',
    response: PurchaseOrderJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION'],
  })
  submit(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.orders.submit(biz, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  @RequiresScope('purchasing')
  @Endpoint({
    idempotent: true,
    summary: 'Cancel a purchase order that is not fully received (what was received stays)',
    response: PurchaseOrderJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION'],
  })
  cancel(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string) {
    return this.orders.cancel(biz, id);
  }

  /** Goods of an ordered purchase order arrive: stock, GR number, the order's received quantities. Honours Idempotency-Key. */
  @Post(':id/receipts')
  @HttpCode(201)
  @RequiresScope('purchasing')
  @Endpoint({
    idempotent: true,
    summary: 'Receive goods of an ordered purchase order into stock (never above what was ordered)',
    status: 201,
    response: ReceiptJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'RECEIPT_EXCEEDS_ORDERED', 'UNKNOWN_WAREHOUSE', 'STOCK_LIMIT'],
  })
  receive(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: CreateReceiptDto) {
    return this.receipts.receive(biz, id, dto);
  }

  /** 201 with the finance expense (category purchases) that books the payment; the order's paid_amount grows by it. */
  @Post(':id/payments')
  @HttpCode(201)
  @RequiresScope('purchasing')
  @Endpoint({
    idempotent: true,
    summary: 'Pay the supplier of a purchase order: a finance expense (category purchases), never more than the order is worth',
    status: 201,
    response: FinanceTransactionJson,
    body: true,
    errors: ['NOT_FOUND', 'INVALID_STATUS_TRANSITION', 'OVERPAYMENT'],
  })
  pay(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: CreateSupplierPaymentDto) {
    return this.payments.pay(biz, id, dto);
  }
}
