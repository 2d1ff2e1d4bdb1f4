import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Product } from '../../products/entities/product.entity';
import { Warehouse } from '../../warehouses/entities/warehouse.entity';

/** The quantity of one product in one warehouse; never below zero (the CHECK backs the conditional updates). */
@Entity('stock_levels')
@Check('stock_levels_quantity_check', 'quantity >= 0')
@Index('stock_levels_product_idx', ['businessId', 'productId'])
export class StockLevel {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'stock_levels_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'stock_levels_pkey' })
  warehouseId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'stock_levels_pkey' })
  productId: string;

  @ManyToOne(() => Warehouse)
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'stock_levels_warehouse_id_fkey' },
    { name: 'warehouse_id', referencedColumnName: 'id', foreignKeyConstraintName: 'stock_levels_warehouse_id_fkey' },
  ])
  warehouse?: Warehouse;

  @ManyToOne(() => Product)
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'stock_levels_product_id_fkey' },
    { name: 'product_id', referencedColumnName: 'id', foreignKeyConstraintName: 'stock_levels_product_id_fkey' },
  ])
  product?: Product;

  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  quantity: string;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
