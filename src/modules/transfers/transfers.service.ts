import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { quantityNumber, quantityString } from '../../common/money/money';
import { LockRank } from '../../database/lock-order';
import { takeNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { checkProducts } from '../products/product-references';
import { StockService } from '../stock/stock.service';
import { checkWarehouses } from '../warehouses/warehouse-references';
import { CreateTransferDto } from './dto/create-transfer.dto';
import { ReceiveTransferDto } from './dto/receive-transfer.dto';
import { TransferItem } from './entities/transfer-item.entity';
import { Transfer } from './entities/transfer.entity';
import { StockTransferredEvent } from './events/stock-transferred.event';
import { nextLedgerSeq } from './persistence/ledger-seq.sql';
import { toTransferItemJson, toTransferJson, TransferJson } from './transfer.mapper';
import { Arrival, arrivals, perProduct, ReceiptExceedsShipped, UnknownTransferProduct } from './transfer-quantities';

/**
 * Stock transfers (docs/api.md 14), each step ONE transaction. Shipping takes the products' stock locks,
 * then the source's levels (never below zero, as a sale), then the TR number; receiving and
 * cancelling lock the transfer row first, so a second receive or cancel waits and then finds it
 * closed (409). Every check runs before the first write: a refusal writes nothing and takes no number.
 */
@Injectable()
export class TransfersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stock: StockService,
  ) {}

  async create(biz: BusinessContext, dto: CreateTransferDto): Promise<TransferJson> {
    if (dto.from_warehouse_id === dto.to_warehouse_id) {
      throw DomainError.validation('to_warehouse_id', 'to_warehouse_id must be another warehouse than from_warehouse_id');
    }
    // the same product may be on several lines: the deduction checks the stock on their sum, as for a sale
    const lines = dto.items.map((item, i) => ({ lineNo: i + 1, productId: item.product_id, quantity: quantityString(item.quantity) }));
    const productIds = [...new Set(lines.map((l) => l.productId))];
    return this.uow.run(async (tx) => {
      await checkWarehouses(tx, biz.id, [dto.from_warehouse_id, dto.to_warehouse_id]);
      await checkProducts(tx, biz.id, productIds);
      const id = randomUUID();
      await this.stock.lockProducts(tx, biz.id, productIds);
      await this.stock.shipTransfer(tx, biz.id, dto.from_warehouse_id, id, lines);
      const number = await takeNumber(tx, biz.id, 'transfer', 'TR');
      const transfer = await tx.getRepository(Transfer).save({
        id,
        businessId: biz.id,
        number: number.number,
        transferNumber: number.formatted,
        fromWarehouseId: dto.from_warehouse_id,
        toWarehouseId: dto.to_warehouse_id,
        status: 'in_transit',
        notes: dto.notes ?? null,
        closedSeq: null,
        createdAt: number.at,
        receivedAt: null,
        cancelledAt: null,
      });
      const items = lines.map((l) => tx.getRepository(TransferItem).create({ businessId: biz.id, transferId: id, ...l }));
      await tx.getRepository(TransferItem).save(items);
      tx.recordActivity(activityOf(biz, 'transfers.create', transferResource(transfer)));
      return toTransferJson(transfer, items);
    });
  }

  /** What arrived enters the destination (`transfer_in`); the rest is lost. Records stock.transferred. */
  async receive(biz: BusinessContext, id: string, dto: ReceiveTransferDto): Promise<TransferJson> {
    return this.uow.run(async (tx) => {
      const transfer = await lockInTransit(tx, biz.id, id, 'received');
      const items = await itemsOf(tx, biz.id, id);
      const arrived = checkedArrivals(items, dto);
      await this.stock.lockProducts(tx, biz.id, productIdsOf(items));
      await this.stock.enterTransfer(
        tx,
        biz.id,
        id,
        transfer.toWarehouseId,
        'arrived',
        perProduct(arrived.map((a) => ({ productId: a.productId, quantity: a.received }))),
      );
      for (const [i, item] of items.entries()) {
        item.receivedQuantity = quantityString(arrived[i].received);
        item.lostQuantity = quantityString(arrived[i].lost);
        await tx
          .getRepository(TransferItem)
          .update({ businessId: biz.id, id: item.id }, { receivedQuantity: item.receivedQuantity, lostQuantity: item.lostQuantity });
      }
      const closed = await close(tx, transfer, 'received');
      tx.record(
        new StockTransferredEvent(biz.id, {
          transfer_id: closed.id,
          transfer_number: closed.transferNumber,
          from_warehouse_id: closed.fromWarehouseId,
          to_warehouse_id: closed.toWarehouseId,
          items: items.map(toTransferItemJson),
        }),
      );
      tx.recordActivity(activityOf(biz, 'transfers.receive', transferResource(closed), changesBetween({ status: transfer.status }, { status: closed.status })));
      return toTransferJson(closed, items);
    });
  }

  /** While in transit: everything shipped goes back to the source (`transfer_cancel`). */
  async cancel(biz: BusinessContext, id: string): Promise<TransferJson> {
    return this.uow.run(async (tx) => {
      const transfer = await lockInTransit(tx, biz.id, id, 'cancelled');
      const items = await itemsOf(tx, biz.id, id);
      await this.stock.lockProducts(tx, biz.id, productIdsOf(items));
      await this.stock.enterTransfer(tx, biz.id, id, transfer.fromWarehouseId, 'cancelled', perProduct(items));
      const closed = await close(tx, transfer, 'cancelled');
      tx.recordActivity(activityOf(biz, 'transfers.cancel', transferResource(closed), changesBetween({ status: 'in_transit' }, { status: closed.status })));
      return toTransferJson(closed, items);
    });
  }
}

/** A transfer as the activity log names it: by its number. */
function transferResource(transfer: Transfer) {
  return { type: 'transfer', id: transfer.id, label: transfer.transferNumber };
}

/** The transfer, its row locked until the transaction ends; 404 for another business's, 409 unless in transit. */
async function lockInTransit(tx: Tx, businessId: string, id: string, to: 'received' | 'cancelled'): Promise<Transfer> {
  tx.locks.take(LockRank.TransferRow);
  const transfer = await tx.getRepository(Transfer).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
  if (!transfer) throw DomainError.notFound('Transfer');
  if (transfer.status !== 'in_transit') {
    throw new DomainError('INVALID_STATUS_TRANSITION', `A transfer that is ${transfer.status} cannot be ${to}`, [{ from: transfer.status, to }]);
  }
  return transfer;
}

function productIdsOf(items: TransferItem[]): string[] {
  return [...new Set(items.map((i) => i.productId))];
}

function itemsOf(tx: Tx, businessId: string, transferId: string): Promise<TransferItem[]> {
  return tx.getRepository(TransferItem).find({ where: { businessId, transferId }, order: { lineNo: 'ASC' } });
}

/** The closing status, its time and the ledger position of the close (see Transfer.closedSeq); the closed transfer. */
async function close(tx: Tx, transfer: Transfer, status: 'received' | 'cancelled'): Promise<Transfer> {
  const at = status === 'received' ? { receivedAt: () => 'now()' } : { cancelledAt: () => 'now()' };
  const [{ seq }] = await tx.run(nextLedgerSeq, []);
  await tx.getRepository(Transfer).update({ businessId: transfer.businessId, id: transfer.id }, { status, closedSeq: seq, ...at });
  return tx.getRepository(Transfer).findOneByOrFail({ businessId: transfer.businessId, id: transfer.id });
}

function checkedArrivals(items: TransferItem[], dto: ReceiveTransferDto): Arrival[] {
  try {
    return arrivals(
      items,
      dto.items?.map((i) => ({ productId: i.product_id, quantity: quantityString(i.quantity) })),
    );
  } catch (err) {
    if (err instanceof UnknownTransferProduct) {
      throw DomainError.validation(`items[${err.index}].product_id`, err.message);
    }
    if (err instanceof ReceiptExceedsShipped) {
      throw new DomainError('RECEIPT_EXCEEDS_SHIPPED', undefined, [
        { product_id: err.productId, shipped: quantityNumber(err.shipped), requested: quantityNumber(err.requested) },
      ]);
    }
    throw err;
  }
}
