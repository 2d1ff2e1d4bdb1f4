import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import { Business } from '../../businesses/entities/business.entity';
import { Category } from '../../categories/entities/category.entity';
import { TaxRate } from '../../taxes/entities/tax-rate.entity';

@Entity('products')
@Check('products_price_check', 'price >= 0')
@Check('products_cost_price_check', 'cost_price >= 0')
@Check('products_min_stock_check', 'min_stock >= 0')
@Check('products_reorder_quantity_check', 'reorder_quantity >= 0')
@Index('products_business_sku_uq', ['businessId', 'sku'], { unique: true })
// (business_id, is_active, lower(name), name, id): the order of GET /products; TypeORM cannot declare an expression index.
@Index('products_business_list_order_idx', { synchronize: false })
@Index('products_business_category_idx', ['businessId', 'categoryId'])
// the products of a rate (the foreign key's check when a rate goes, its unassignment): only products with one
@Index('products_tax_rate_idx', ['taxRateId'], { where: 'tax_rate_id IS NOT NULL' })
// GIN (lower(name|sku|barcode) gin_trgm_ops) for GET /search; TypeORM cannot declare an expression or GIN operator-class index.
@Index('products_name_trgm_idx', { synchronize: false })
@Index('products_sku_trgm_idx', { synchronize: false })
@Index('products_barcode_trgm_idx', { synchronize: false })
export class Product {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'products_pkey' })
  id: string;

  @PrimaryColumn('uuid', { primaryKeyConstraintName: 'products_pkey' })
  businessId: string;

  @ManyToOne(() => Business)
  @JoinColumn({ name: 'business_id', foreignKeyConstraintName: 'products_business_id_fkey' })
  business?: Business;

  @Column('uuid', { nullable: true })
  categoryId: string | null;

  @ManyToOne(() => Category)
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'products_category_id_fkey' },
    { name: 'category_id', referencedColumnName: 'id', foreignKeyConstraintName: 'products_category_id_fkey' },
  ])
  category?: Category | null;

  /** docs/api.md 22: null means the business's default rate (untaxed without one) */
  @Column('uuid', { nullable: true })
  taxRateId: string | null;

  // Composite (business_id, tax_rate_id): a product can only name a rate of its own business.
  @ManyToOne(() => TaxRate)
  @JoinColumn([
    { name: 'business_id', referencedColumnName: 'businessId', foreignKeyConstraintName: 'products_tax_rate_fkey' },
    { name: 'tax_rate_id', referencedColumnName: 'id' },
  ])
  taxRate?: TaxRate | null;

  @Column('text')
  name: string;

  @Column('text')
  sku: string;

  @Column('numeric', { precision: 14, scale: 2 })
  price: string;

  @Column('numeric', { precision: 14, scale: 2, nullable: true })
  costPrice: string | null;

  /** Moving average cost of the stock (docs/api.md 13), changed only by goods entering at a cost; read-only through the API. */
  @Column('numeric', { precision: 18, scale: 4, default: 0 })
  averageCost: string;

  /** The average cost the product started at (its cost_price then): where `cli verify` starts the replay of its ledger. */
  @Column('numeric', { precision: 18, scale: 4, default: 0 })
  openingCost: string;

  @Column('text', { default: () => "'unit'" })
  unit: string;

  @Column('text', { nullable: true })
  description: string | null;

  @Column('text', { nullable: true })
  barcode: string | null;

  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  minStock: string;

  /** the least a reorder suggestion proposes (docs/api.md 14) */
  @Column('numeric', { precision: 14, scale: 3, default: 0 })
  reorderQuantity: string;

  @Column('boolean', { default: true })
  isActive: boolean;

  @Column('timestamptz', { default: () => 'now()' })
  createdAt: Date;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;
}
