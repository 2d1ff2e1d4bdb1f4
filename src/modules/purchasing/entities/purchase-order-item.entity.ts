import { Check, Column, Entity, Index, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

/** One line of a purchase order: what is ordered at what unit cost, and how much has been received. */
@Entity('purchase_order_items')
@Index('purchase_order_items_order_idx', ['businessId', 'purchaseOrderId', 'lineNo'])
@Index('purchase_order_items_product_idx', ['businessId', 'productId'])
@Check('purchase_order_items_received_quantity_check', 'received_quantity >= 0 AND received_quantity <= quantity')
@Check('purchase_order_items_unit_cost_check', 'unit_cost >= 0')
export class PurchaseOrderItem {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'purchase_order_items_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'purchase_order_items_pkey' })
  businessId: string;

  @Column('uuid')
  purchaseOrderId: string;

  @Column('integer')
  lineNo: number;

  @Column('uuid')
  productId: string;

  @Column('numeric', { precision: 14, scale: 3 })
  quantity: string;

  @Column('numeric', { precision: 18, scale: 4 })
  unitCost: string;

  @Column('numeric', { precision: 14, scale: 2 })
  total: string;

  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  receivedQuantity: string;
}
