import { supplierPayable, valueReceived } from './supplier-payable';

describe('supplier payable (docs/api.md 13)', () => {
  it('is the total while the order is not cancelled, whatever was received', () => {
    for (const status of ['ordered', 'partially_received', 'received']) {
      expect(supplierPayable({ status, total: '10.00' }, [{ quantity: '9', unitCost: '100' }]).toFixed(2)).toBe('10.00');
      expect(supplierPayable({ status, total: '10.00' }, []).toFixed(2)).toBe('10.00');
    }
  });

  it('once cancelled, is the value received, capped by the total', () => {
    expect(supplierPayable({ status: 'cancelled', total: '10.00' }, [{ quantity: '9', unitCost: '100' }]).toFixed(2)).toBe('10.00');
    expect(supplierPayable({ status: 'cancelled', total: '6.28' }, [{ quantity: '2', unitCost: '1.255' }]).toFixed(2)).toBe('2.51');
    expect(supplierPayable({ status: 'cancelled', total: '5.00' }, []).toFixed(2)).toBe('0.00');
  });

  it('sums the received lines exactly before one rounding, half up', () => {
    const six = Array.from({ length: 6 }, () => ({ quantity: '1', unitCost: '0.005' }));
    expect(valueReceived(six).toFixed(2)).toBe('0.03');
    expect(supplierPayable({ status: 'cancelled', total: '0.05' }, six).toFixed(2)).toBe('0.03');
    expect(
      valueReceived([
        { quantity: '0.5', unitCost: '0.0125' },
        { quantity: '0.5', unitCost: '0.0125' },
      ]).toFixed(2),
    ).toBe('0.01');
    expect(valueReceived([{ quantity: '1.5', unitCost: '0.0033' }]).toFixed(2)).toBe('0.00');
    expect(valueReceived([{ quantity: '3', unitCost: '0.0025' }]).toFixed(2)).toBe('0.01');
  });
});
