import { seedProduct } from './helpers/orders-fixtures';
import { scanCode128 } from './helpers/code128-scan';
import { pdfText } from './helpers/pdf-text';
import { ReceivedMail, SmtpSink, startSmtpSink, waitUntil } from './helpers/smtp-sink';
import { apiAs, countRows, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * docs/api.md 21: POST /orders/:id/receipt/send, received by a real SMTP server on loopback
 * (smtp-server): the mail, its PDF, the default recipient and the refusals; `email_configured`.
 */
const MAIL = { mailFrom: 'receipts@shop.test', mailRetryBaseMs: 100, mailDispatchIntervalMs: 50, mailTimeoutMs: 1500, mailMaxAttempts: 3 };

describe('receipt mail', () => {
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ ...MAIL, smtpUrl: sink.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  const mailTo = (address: string) => waitUntil(() => mailsTo(address)[0], 20_000, `the receipt mailed to ${address}`);

  async function sale(customer?: object): Promise<{ biz: TestBusiness; order: any }> {
    const biz = await createBusiness(t, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    await apiAs(t, biz).put('/business', { email: 'shop@corner.example', receipt_footer: 'See you soon.' }).expect(200);
    const product = await seedProduct(t, biz, { name: 'Espresso beans', price: '12.50' });
    const order = (
      await apiAs(t, biz)
        .post('/orders', { ...(customer ? { customer } : {}), items: [{ product_id: product, quantity: 2 }], tax_amount: 4.75 })
        .expect(201)
    ).body.data;
    return { biz, order };
  }

  function expectReceiptMail(mail: ReceivedMail, order: { order_number: string }, to: string) {
    expect(mail.from).toBe('receipts@shop.test');
    expect(mail.to.map((a) => a.toLowerCase())).toEqual([to.toLowerCase()]);
    expect(mail.subject).toBe(`Receipt ${order.order_number} from Corner Coffee`);
    expect(mail.text).toContain('Total: 29.75 EUR');
    expect(mail.text).toContain('See you soon.');
    expect(mail.headers.get('reply-to')).toContain('shop@corner.example');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${order.order_number}.pdf`, 'application/pdf']]);
  }

  it("mails the receipt's PDF to the order's customer by default: 202, pending, then at the SMTP server", async () => {
    const { biz, order } = await sale({ name: 'Ada Lovelace', email: 'ada@example.com' });
    const res = await apiAs(t, biz).post(`/orders/${order.order_id}/receipt/send`, {});
    expect(res.status).toBe(202);
    expect(res.body.data).toEqual({
      order_id: order.order_id,
      order_number: order.order_number,
      email: { status: 'pending', to: 'ada@example.com', attempts: 0, last_error: null, sent_at: null },
    });
    const mail = await mailTo('ada@example.com');
    expectReceiptMail(mail, order, 'ada@example.com');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    const pdf = mail.attachments[0].content;
    const text = await pdfText(pdf);
    for (const s of ['Corner Coffee', `Receipt ${order.order_number}`, 'Espresso beans', '29.75 EUR', 'Customer', 'Ada Lovelace', 'See you soon.'])
      expect(text).toContain(s);
    expect(await scanCode128(pdf)).toEqual([order.order_number]);

    const [row] = await t.db.query(`SELECT kind, sale_id, invoice_id, status FROM invoice_emails WHERE business_id = $1`, [biz.business_id]);
    expect(row).toEqual({ kind: 'receipt', sale_id: order.order_id, invoice_id: null, status: expect.stringMatching(/^(sending|sent)$/) });
    await waitUntil(
      async () => ((await t.db.query(`SELECT status FROM invoice_emails WHERE business_id = $1`, [biz.business_id]))[0].status === 'sent' ? true : undefined),
      10_000,
      'the receipt mail recorded sent',
    );
    const activity = (await apiAs(t, biz).get(`/orders/${order.order_id}/activity`).expect(200)).body.data;
    expect(activity.find((e: { action: string }) => e.action === 'orders.send_receipt')).toMatchObject({
      resource: { type: 'order', id: order.order_id, label: order.order_number },
      changes: { email_to: [null, 'ada@example.com'] },
    });
  });

  it('sends to `to` when given, for an order without a customer', async () => {
    const { biz, order } = await sale();
    const res = await apiAs(t, biz).post(`/orders/${order.order_id}/receipt/send`, { to: 'Walk.In@Example.com' });
    expect(res.status).toBe(202);
    const mail = await mailTo('Walk.In@Example.com');
    expectReceiptMail(mail, { order_number: order.order_number }, 'Walk.In@Example.com');
    expect(mail.text).toContain('Hello,');
  });

  it('422 NO_RECIPIENT without `to` and without a customer email; 404 for another business; nothing queued', async () => {
    const { biz, order } = await sale({ name: 'Phone Only', phone: '+1 555 0100' });
    const res = await apiAs(t, biz).post(`/orders/${order.order_id}/receipt/send`, {});
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('NO_RECIPIENT');
    const walkIn = await sale();
    expect((await apiAs(t, walkIn.biz).post(`/orders/${walkIn.order.order_id}/receipt/send`, {})).body.error.code).toBe('NO_RECIPIENT');
    const other = await createBusiness(t, 'Other');
    expect((await apiAs(t, other).post(`/orders/${order.order_id}/receipt/send`, { to: 'x@example.com' })).status).toBe(404);
    expect((await apiAs(t, biz).post('/orders/not-a-uuid/receipt/send', {})).status).toBe(400);
    for (const b of [biz, walkIn.biz, other]) expect(await countRows(t, 'invoice_emails', b.business_id)).toBe(0);
  });

  it.each([
    ['not an address', 'not-an-address'],
    ['a display name', 'Eve <eve@example.com>'],
    ['two addresses', 'a@example.com, b@example.com'],
    ['CRLF and a header', 'a@example.com\r\nBcc: evil@attacker.test'],
    ['an SMTP command', 'a@example.com>\r\nRCPT TO:<evil@attacker.test'],
    ['a LF', 'a@example.com\nevil@attacker.test'],
    ['a CR LF in a quoted local part', '"x\\\r\nBcc: evil@evil.test"@example.com'],
    ['a trailing CR LF', 'a@example.com\r\n'],
    ['a number', 42],
  ])('refuses a recipient that is %s (400), queueing nothing', async (_what, to) => {
    const { biz, order } = await sale({ email: 'ada@example.com' });
    const res = await apiAs(t, biz).post(`/orders/${order.order_id}/receipt/send`, { to });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['to']);
    expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(0);
    expect(sink.commands.filter((c) => c.includes('attacker') || c.includes('evil'))).toEqual([]);
  });

  it("a customer's name with CRLF stays in the display name", async () => {
    const { biz, order } = await sale({ name: 'Eve\r\nBcc: evil@attacker.test\r\nX-Injected: yes', email: 'eve@example.com' });
    await apiAs(t, biz).post(`/orders/${order.order_id}/receipt/send`, {}).expect(202);
    const mail = await mailTo('eve@example.com');
    expect(mail.to).toEqual(['eve@example.com']);
    expect(mail.headers.has('bcc')).toBe(false);
    expect(mail.headers.has('x-injected')).toBe(false);
    expect(sink.mails.some((m) => m.to.includes('evil@attacker.test'))).toBe(false);
  });

  it('GET /business says email_configured: true', async () => {
    const biz = await createBusiness(t, 'Mail Shop');
    expect((await apiAs(t, biz).get('/business').expect(200)).body.data.email_configured).toBe(true);
  });
});
