import { hasControlCharacter } from '../../../common/validation/text-fields';
import { ReceiptModel } from '../receipt-model';
import { composeReceiptMail } from './receipt-mail';

const SELLER: ReceiptModel['seller'] = { name: 'Corner Coffee', legalName: null, addressLines: [], taxId: null, phone: null, email: null };

function receiptModel(_lines: [], overrides: Partial<ReceiptModel>): ReceiptModel {
  return {
    ...{ kind: 'receipt', businessId: '00000000-0000-4000-8000-000000000001', number: 'S-0042', currency: 'EUR', seller: SELLER },
    ...{ soldAt: '2026-11-28 10:04', createdAt: '2026-11-28T09:04:05.123Z', soldBy: null, customer: null, status: null, lines: [] },
    ...{ subtotal: 25, discount: 0, shipping: 0, taxLines: [], total: 25, refunded: 0, paymentMethod: 'card', tendered: null, change: null },
    ...{ loyalty: null, footer: null, pricesIncludeTax: false },
    ...overrides,
  };
}

describe('receipt mail', () => {
  it('names the business and the order in the subject, the total and time in the body, the PDF attached', () => {
    const model = receiptModel([], {
      customer: 'Ada Lovelace',
      total: 29.75,
      footer: 'See you soon.',
      seller: { ...SELLER, email: 'shop@corner.example' },
    });
    const mail = composeReceiptMail(model, 'ada@example.com', 'receipts@shop.test', Buffer.from('%PDF'));
    expect(mail.subject).toBe('Receipt S-0042 from Corner Coffee');
    expect(mail.from).toEqual({ name: 'Corner Coffee', address: 'receipts@shop.test' });
    expect(mail.replyTo).toEqual({ name: 'Corner Coffee', address: 'shop@corner.example' });
    expect(mail.to).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
    expect(mail.text).toContain('Total: 29.75 EUR');
    expect(mail.text).toContain('Date: 2026-11-28 10:04');
    expect(mail.text).toContain('See you soon.');
    expect(mail.attachments).toEqual([{ filename: 'S-0042.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' }]);
  });

  it('a name with CR/LF becomes one line of the display name and the subject', () => {
    const model = receiptModel([], { customer: 'Eve\r\nBcc: evil@attacker.test', seller: { ...SELLER, name: 'Shop\nX-Injected: 1' } });
    const mail = composeReceiptMail(model, 'eve@example.com', 'receipts@shop.test', Buffer.from(''));
    for (const header of [mail.subject, mail.to.name, mail.from.name]) expect(hasControlCharacter(header ?? '')).toBe(false);
    expect(mail.replyTo).toBeUndefined();
  });
});
