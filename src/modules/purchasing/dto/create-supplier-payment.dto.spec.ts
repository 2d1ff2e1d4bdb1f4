import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateSupplierPaymentDto, SUPPLIER_PAYMENT_METHODS } from './create-supplier-payment.dto';

const errorsOf = (body: object) => validateSync(plainToInstance(CreateSupplierPaymentDto, body)).map((e) => e.property);

describe('CreateSupplierPaymentDto.method', () => {
  it('takes each supplier payment method and refuses anything else', () => {
    for (const method of SUPPLIER_PAYMENT_METHODS) expect(errorsOf({ amount: 1, method })).toEqual([]);
    for (const method of ['gift_card', 'points', 'CASH', '']) expect(errorsOf({ amount: 1, method })).toEqual(['method']);
  });
});
