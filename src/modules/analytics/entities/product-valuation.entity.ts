import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { Product } from '../../products/entities/product.entity';

/**
 * One product's line of GET /reports/inventory-valuation, kept by triggers in the transaction of every
 * change of its stock levels, its goods in transit, its name, SKU or average cost
 * (migrations/1795932664370-ProductValuations.ts): the read joins the `json` of the rows with stock in
 * the order of `product_valuations_order_idx` ((business_id, value DESC, name, product_id) WHERE
 * quantity > 0, written in the migration). Nothing in the service writes it; `cli verify` recomputes it.
 */
@Entity('product_valuations')
@Index('product_valuations_order_idx', { synchronize: false })
export class ProductValuation {
  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'product_valuations_pkey' })
  businessId: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'product_valuations_pkey' })
  productId: string;

  @ManyToOne(() => Product, { onDelete: 'CASCADE' })
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'product_valuations_product_fkey' },
    { name: 'product_id', referencedColumnName: 'id', foreignKeyConstraintName: 'product_valuations_product_fkey' },
  ])
  product?: Product;

  @Column('text')
  sku: string;

  @Column('text')
  name: string;

  /** over every warehouse plus the goods in transit (unbounded: the sum of levels at their limit) */
  @Column('numeric', { default: 0 })
  quantity: string;

  @Column('numeric', { precision: 18, scale: 4 })
  averageCost: string;

  /** round(quantity x average_cost, 2), set by the row's BEFORE trigger */
  @Column('numeric')
  value: string;

  /** the product's object in the report's `products`, as the API writes it, set by the row's BEFORE trigger */
  @Column('text')
  json: string;
}
