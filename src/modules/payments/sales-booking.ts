import type { PaymentBooking } from '../orders/payment-method';

/** Money that comes into the till or the bank with the sale: finance's `sales` income, and `sales` refunds. */
export const SALES_BOOKING: PaymentBooking = { category: 'sales' };
