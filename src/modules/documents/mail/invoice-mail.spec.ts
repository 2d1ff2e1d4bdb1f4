import { hasControlCharacter } from '../../../common/validation/text-fields';
import { DocumentModel } from '../document-model';
import { composeInvoiceMail, oneLine } from './invoice-mail';
import { describeSmtpError } from './mail-sender';

const model = (overrides: Partial<DocumentModel> = {}): DocumentModel => ({
  businessId: '00000000-0000-4000-8000-000000000001',
  title: 'Invoice',
  number: 'INV-0007',
  currency: 'EUR',
  issueDate: '2026-11-27',
  facts: [],
  seller: { name: 'Corner Coffee', legalName: null, addressLines: [], taxId: null, email: 'billing@corner.example', phone: null },
  customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
  lines: [],
  totals: [
    ['Subtotal', 25],
    ['Total', 29.75],
  ],
  taxLines: [],
  pricesIncludeTax: false,
  footer: 'Thanks',
  ...overrides,
});

describe('invoice mail', () => {
  it('names the business and the invoice in the subject, the total and due date in the body, the PDF attached', () => {
    const mail = composeInvoiceMail(model(), '2026-12-27', 'Unpaid', 'ada@example.com', 'invoices@shop.test', Buffer.from('%PDF'));
    expect(mail.subject).toBe('Invoice INV-0007 from Corner Coffee');
    expect(mail.from).toEqual({ name: 'Corner Coffee', address: 'invoices@shop.test' });
    expect(mail.replyTo).toEqual({ name: 'Corner Coffee', address: 'billing@corner.example' });
    expect(mail.to).toEqual({ name: 'Ada Lovelace', address: 'ada@example.com' });
    expect(mail.text).toContain('Total: 29.75 EUR');
    expect(mail.text).toContain('Due date: 2026-12-27');
    expect(mail.text).toContain('Thanks');
    expect(mail.attachments).toEqual([{ filename: 'INV-0007.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' }]);
  });

  it('turns every control character of a name into a space, so no name can start a header', () => {
    const hostile = 'Eve\r\nBcc: evil@attacker.test\u0000\u2028X-Injected: 1';
    const mail = composeInvoiceMail(
      model({ customer: { name: hostile, email: null }, seller: { ...model().seller, name: 'Shop\nBcc: x@y' } }),
      '2026-12-27',
      'Paid',
      'eve@example.com',
      'invoices@shop.test',
      Buffer.alloc(0),
    );
    for (const value of [mail.to.name, mail.from.name, mail.subject]) expect(hasControlCharacter(value ?? '')).toBe(false);
    expect(mail.to.name).toBe('Eve Bcc: evil@attacker.test X-Injected: 1');
    expect(mail.to.address).toBe('eve@example.com');
    expect(oneLine(null)).toBe('');
    expect(oneLine('x'.repeat(300))).toHaveLength(200);
  });

  it('describes SMTP failures in one line for last_error', () => {
    expect(describeSmtpError({ code: 'ECONNECTION', message: 'connect ECONNREFUSED 127.0.0.1:2525' })).toBe('connection refused');
    expect(describeSmtpError({ code: 'ETIMEDOUT', message: 'Greeting never received' })).toBe('timed out');
    expect(describeSmtpError({ code: 'EMESSAGE', responseCode: 451, response: '451 4.3.0 try\r\nlater' })).toBe('SMTP server refused: 451 4.3.0 try later');
    expect(describeSmtpError({ code: 'ESOCKET', message: 'Connection closed unexpectedly' })).toBe('connection closed by the SMTP server');
  });
});
