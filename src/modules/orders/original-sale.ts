/**
 * A sale as stored, every column of `sales`: what a cancellation and a return know of the original
 * order and hand to each effect's undo (SaleReversal.sale), how it was paid included, so an effect
 * needs nothing threaded through for it. What an effect wrote itself it finds by the sale's id.
 */
export interface OriginalSale {
  id: string;
  /** bigint, as pg returns it */
  number: string;
  sale_number: string;
  customer_id: string | null;
  warehouse_id: string;
  status: string;
  payment_status: string;
  payment_method: string;
  currency: string;
  subtotal: string;
  tax_amount: string;
  shipping_amount: string;
  discount_amount: string;
  total: string;
  cash_tendered: string | null;
  change_due: string | null;
  /** bigint, as pg returns it */
  loyalty_points_earned: string;
  loyalty_transaction_id: string | null;
  notes: string | null;
  refunded_amount: string;
  shipping_refunded: boolean;
  cancelled_at: Date | null;
  cancel_reason: string | null;
  created_by_type: string | null;
  created_by_id: string | null;
  created_by_name: string | null;
  created_at: Date;
  updated_at: Date;
}
