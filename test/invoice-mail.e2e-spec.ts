import { AddressInfo, createServer, Server, Socket } from 'net';
import { seedProduct } from './helpers/orders-fixtures';
import { pdfText } from './helpers/pdf-text';
import { Receiver, startReceiver } from './helpers/receiver';
import { ReceivedMail, SmtpSink, startSmtpSink, waitUntil } from './helpers/smtp-sink';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * docs/api.md 17, email: a real SMTP server on loopback (smtp-server) receives what the service
 * sends. The order's mail with its PDF, POST /invoices/:id/send and its refusals, retries after the
 * server was down, refusals, timeouts and dropped connections as failed attempts, invoice.sent in the
 * feed and to webhooks, and two apps on one database sending each mail once.
 */
const MAIL = { mailFrom: 'invoices@shop.test', mailRetryBaseMs: 100, mailDispatchIntervalMs: 50, mailTimeoutMs: 1500, mailMaxAttempts: 3 };

describe('invoice mail', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let hooks: Receiver;

  beforeAll(async () => {
    sink = await startSmtpSink();
    hooks = await startReceiver();
    t = await startTestApp({ ...MAIL, smtpUrl: sink.url, webhookAllowInsecure: true, webhookDispatchIntervalMs: 50 });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
    await hooks.close();
  });

  const mailsTo = (address: string) => sink.mails.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));
  const invoiceOf = async (biz: TestBusiness, id: string) => (await apiAs(t, biz).get(`/invoices/${id}`).expect(200)).body.data;
  const emailSettled = (biz: TestBusiness, id: string, status: 'sent' | 'failed', minAttempts = 1) =>
    waitUntil(
      async () => {
        const invoice = await invoiceOf(biz, id);
        return invoice.email?.status === status && invoice.email.attempts >= minAttempts ? invoice : undefined;
      },
      20_000,
      `the invoice's email to be ${status}`,
    );

  async function shop(name = 'Corner Coffee'): Promise<{ biz: TestBusiness; product: string }> {
    const biz = await createBusiness(t, name, { currency: 'EUR' });
    await apiAs(t, biz).put('/business', { email: 'billing@corner.example', invoice_footer: 'Thank you.' }).expect(200);
    return { biz, product: await seedProduct(t, biz, { name: 'Espresso beans', sku: 'BEANS', price: '12.50', stock: '100000' }) };
  }

  const order = async (biz: TestBusiness, product: string, customer: object, sendInvoice = true) =>
    (
      await apiAs(t, biz)
        .post('/orders', { customer, items: [{ product_id: product, quantity: 2 }], tax_amount: 4.75, send_invoice: sendInvoice })
        .expect(201)
    ).body.data;

  function expectInvoiceMail(mail: ReceivedMail, invoice: { invoice_number: string; due_date: string }, to: string, business = 'Corner Coffee') {
    expect(mail.from).toBe('invoices@shop.test');
    expect(mail.to.map((a) => a.toLowerCase())).toEqual([to.toLowerCase()]);
    expect(mail.subject).toBe(`Invoice ${invoice.invoice_number} from ${business}`);
    expect(mail.text).toContain('Total: 29.75 EUR');
    expect(mail.text).toContain(`Due date: ${invoice.due_date}`);
    expect(mail.headers.get('reply-to')).toContain('billing@corner.example');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${invoice.invoice_number}.pdf`, 'application/pdf']]);
  }

  it("mails an order's invoice with its PDF to the customer, once, and records invoice.sent", async () => {
    const { biz, product } = await shop();
    const webhook = await apiAs(t, biz)
      .post('/webhooks', { url: `${hooks.url}/sent`, events: ['invoice.sent'] })
      .expect(201);
    const placed = await order(biz, product, { name: 'Ada Lovelace', email: 'ada@example.com' });
    const invoice = await emailSettled(biz, placed.invoice_id, 'sent');
    expect(invoice.email).toEqual({ status: 'sent', to: 'ada@example.com', attempts: 1, last_error: null, sent_at: expect.stringMatching(ISO_MS) });
    const [mail] = mailsTo('ada@example.com');
    expect(mailsTo('ada@example.com')).toHaveLength(1);
    expectInvoiceMail(mail, invoice, 'ada@example.com');
    expect(mail.headers.get('to')).toContain('Ada Lovelace');
    const text = await pdfText(mail.attachments[0].content);
    for (const s of [invoice.invoice_number, placed.order_number, 'Ada Lovelace', 'Espresso beans', '29.75 EUR', 'Thank you.']) expect(text).toContain(s);

    const sent = { invoice_id: invoice.id, invoice_number: invoice.invoice_number, to: 'ada@example.com', sent_at: invoice.email.sent_at };
    const feed = (await apiAs(t, biz).get('/events?type=invoice.sent').expect(200)).body.data;
    expect(feed.map((e: { data: object }) => e.data)).toEqual([sent]);
    const [delivery] = await hooks.waitFor(1, { path: '/sent' });
    expect(delivery.body).toMatchObject({ event: 'invoice.sent', data: sent });
    expect(webhook.body.data.events).toEqual(['invoice.sent']);

    // a second send is a second mail; still one copy of each
    await apiAs(t, biz).post(`/invoices/${invoice.id}/send`, {}).expect(202);
    await waitUntil(() => (mailsTo('ada@example.com').length === 2 ? true : undefined), 15_000, 'the second mail');
    await emailSettled(biz, invoice.id, 'sent');
    expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(2);
    expect(mailsTo('ada@example.com')).toHaveLength(2);
  });

  it('queues nothing for an order without an invoice or without a customer email', async () => {
    const { biz, product } = await shop();
    const noInvoice = await order(biz, product, { email: 'noinvoice@example.com' }, false);
    const phoneOnly = await order(biz, product, { name: 'Phone Only', phone: '+1 555 0100' });
    expect(noInvoice.invoice_id).toBeNull();
    expect((await invoiceOf(biz, phoneOnly.invoice_id)).email).toBeNull();
    expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(0);
  });

  describe('POST /invoices/:id/send', () => {
    it("sends to `to` or by default to the customer's email: 202 with the email pending", async () => {
      const { biz, product } = await shop();
      const placed = await order(biz, product, { email: 'first@example.com' });
      await emailSettled(biz, placed.invoice_id, 'sent');
      const res = await apiAs(t, biz).post(`/invoices/${placed.invoice_id}/send`, { to: 'Accounts@Example.com' });
      expect(res.status).toBe(202);
      expect(res.body.data.id).toBe(placed.invoice_id);
      expect(res.body.data.email).toEqual({ status: 'pending', to: 'Accounts@Example.com', attempts: 0, last_error: null, sent_at: null });
      const invoice = await emailSettled(biz, placed.invoice_id, 'sent');
      expect(invoice.email.to).toBe('Accounts@Example.com');
      expectInvoiceMail(mailsTo('Accounts@Example.com')[0], invoice, 'Accounts@Example.com');
    });

    it('422 NO_RECIPIENT without `to` and without a customer email; 404 for another business; nothing queued', async () => {
      const { biz, product } = await shop();
      const customer = (await apiAs(t, biz).post('/customers', { name: 'No Mail', phone: '+1 555 0101' }).expect(201)).body.data;
      const manual = (
        await apiAs(t, biz)
          .post('/invoices', { customer_id: customer.id, items: [{ product_id: product, quantity: 1, price: 5 }] })
          .expect(201)
      ).body.data;
      const res = await apiAs(t, biz).post(`/invoices/${manual.id}/send`, {});
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('NO_RECIPIENT');
      const other = await createBusiness(t, 'Other');
      const notFound = await apiAs(t, other).post(`/invoices/${manual.id}/send`, { to: 'x@example.com' });
      expect(notFound.status).toBe(404);
      expect((await apiAs(t, other).post('/invoices/not-a-uuid/send', {})).status).toBe(400);
      expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(0);
    });

    it.each([
      ['not an address', 'not-an-address'],
      ['a display name', 'Eve <eve@example.com>'],
      ['two addresses', 'a@example.com, b@example.com'],
      ['CRLF and a header', 'a@example.com\r\nBcc: evil@attacker.test'],
      ['an SMTP command', 'a@example.com>\r\nRCPT TO:<evil@attacker.test'],
      ['a LF', 'a@example.com\nevil@attacker.test'],
      ['a CR LF and a header in a quoted local part', '"x\\\r\nBcc: evil@evil.test"@example.com'],
      ['a LF in a quoted local part', '"x\nRCPT TO:<evil@evil.test>"@example.com'],
      ['a NUL in a quoted local part', '"x\u0000y"@example.com'],
      ['a TAB in a quoted local part', '"x\ty"@example.com'],
      ['DEL in a quoted local part', '"x\u007fy"@example.com'],
      ['a trailing CR LF', 'a@example.com\r\n'],
      ['a number', 42],
    ])('refuses a recipient that is %s (400), queueing nothing', async (_what, to) => {
      const { biz, product } = await shop();
      const placed = await order(biz, product, { phone: '+1 555 0102' });
      const res = await apiAs(t, biz).post(`/invoices/${placed.invoice_id}/send`, { to });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toEqual(['to']);
      expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(0);
      expect((await invoiceOf(biz, placed.invoice_id)).email).toBeNull();
    });
  });

  describe('hostile text never reaches a header or an SMTP command', () => {
    it.each([
      ['name', { name: 'Shop\r\nBcc: evil@attacker.test' }],
      ['legal_name', { legal_name: 'Shop GmbH\nBcc: evil@attacker.test' }],
      ['address line', { address_lines: ['Street 1\r\nX-Injected: 1'] }],
      ['tax_id', { tax_id: 'DE1\r\n' }],
      ['email', { email: 'billing@corner.example\r\nBcc: evil@attacker.test' }],
      ['footer with a CR', { invoice_footer: 'Thanks\r\n.\r\nMAIL FROM:<evil@attacker.test>' }],
      ['name with a NUL', { name: 'Shop\u0000' }],
    ])("refuses CR, LF or control characters in the business's %s (400)", async (_field, body) => {
      const { biz } = await shop();
      const res = await apiAs(t, biz).put('/business', body);
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect((await apiAs(t, biz).get('/business')).body.data.name).toBe('Corner Coffee');
    });

    it("a customer's name with CRLF and headers stays in the display name; a footer's lines stay in the body", async () => {
      const { biz, product } = await shop();
      await apiAs(t, biz).put('/business', { invoice_footer: 'Line one\n.\nRCPT TO:<evil@attacker.test>\nBcc: evil@attacker.test' }).expect(200);
      const placed = await order(biz, product, { name: 'Eve\r\nBcc: evil@attacker.test\r\nX-Injected: yes', email: 'eve@example.com' });
      await emailSettled(biz, placed.invoice_id, 'sent');
      const [mail] = mailsTo('eve@example.com');
      expect(mail.to).toEqual(['eve@example.com']);
      expect(mail.headers.has('bcc')).toBe(false);
      expect(mail.headers.has('x-injected')).toBe(false);
      expect(sink.commands.filter((c) => c.includes('attacker'))).toEqual([]);
      expect(mail.text).toContain('RCPT TO:<evil@attacker.test>');
      expect(sink.mails.some((m) => m.to.includes('evil@attacker.test'))).toBe(false);
    });
  });

  describe('a server that refuses, is down, times out or drops the connection', () => {
    it('a refusal is a failed attempt on the invoice, retried up to MAIL_MAX_ATTEMPTS, never a 5xx', async () => {
      const { biz, product } = await shop();
      sink.refuseWith = 451;
      try {
        const placed = await order(biz, product, { email: 'refused@example.com' });
        const invoice = await emailSettled(biz, placed.invoice_id, 'failed', 3);
        expect(invoice.email).toMatchObject({ status: 'failed', to: 'refused@example.com', attempts: 3, sent_at: null });
        expect(invoice.email.last_error).toMatch(/^SMTP server refused: .*451/);
        expect((await apiAs(t, biz).get('/events?type=invoice.sent').expect(200)).body.data).toEqual([]);
      } finally {
        sink.refuseWith = null;
      }
    });

    it('the server stopped while an order commits: the order is placed at once and the mail arrives after a retry', async () => {
      const { biz, product } = await shop();
      await sink.stop();
      let placed: { invoice_id: string } | undefined;
      try {
        const started = Date.now();
        placed = await order(biz, product, { email: 'later@example.com' });
        expect(Date.now() - started).toBeLessThan(5_000);
        await waitUntil(
          async () => ((await invoiceOf(biz, placed!.invoice_id)).email?.last_error === 'connection refused' ? true : undefined),
          15_000,
          'a refused attempt',
        );
      } finally {
        await sink.start();
      }
      const invoice = await emailSettled(biz, placed!.invoice_id, 'sent', 2);
      expect(invoice.email.last_error).toBeNull();
      expect(mailsTo('later@example.com')).toHaveLength(1);
    });
  });
});

/** A TCP server that, depending on `mode`, never greets or drops every connection at once. */
async function hostileSmtp(): Promise<{ url: string; mode: 'silent' | 'drop'; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    if (state.mode === 'drop') socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const state = {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'silent' as 'silent' | 'drop',
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state;
}

describe('invoice mail: timeouts and dropped connections', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof hostileSmtp>>;

  beforeAll(async () => {
    smtp = await hostileSmtp();
    t = await startTestApp({ ...MAIL, mailMaxAttempts: 1, mailTimeoutMs: 500, smtpUrl: smtp.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it.each([
    ['never greets', 'silent', /timed out/],
    ['drops the connection', 'drop', /closed|connection/i],
  ] as const)('a server that %s: the attempt fails with its reason on the invoice', async (_what, mode, error) => {
    smtp.mode = mode;
    const biz = await createBusiness(t, 'Hostile SMTP');
    const product = await seedProduct(t, biz, { stock: '100000' });
    const placed = (
      await apiAs(t, biz)
        .post('/orders', { customer: { email: `${mode}@example.com` }, items: [{ product_id: product, quantity: 1 }], send_invoice: true })
        .expect(201)
    ).body.data;
    const invoice = await waitUntil(
      async () => {
        const body = (await apiAs(t, biz).get(`/invoices/${placed.invoice_id}`).expect(200)).body.data;
        return body.email?.status === 'failed' ? body : undefined;
      },
      15_000,
      'the failed attempt',
    );
    expect(invoice.email).toMatchObject({ status: 'failed', attempts: 1, sent_at: null });
    expect(invoice.email.last_error).toMatch(error);
  });
});

describe('invoice mail: not configured, and two apps on one database', () => {
  it('without SMTP_URL: POST send is 422 EMAIL_NOT_CONFIGURED and an order queues no mail', async () => {
    const t = await startTestApp({ smtpUrl: undefined });
    try {
      const biz = await createBusiness(t, 'No Mail');
      const product = await seedProduct(t, biz, { stock: '100000' });
      const placed = (
        await apiAs(t, biz)
          .post('/orders', { customer: { email: 'x@example.com' }, items: [{ product_id: product, quantity: 1 }], send_invoice: true })
          .expect(201)
      ).body.data;
      const res = await apiAs(t, biz).post(`/invoices/${placed.invoice_id}/send`, { to: 'y@example.com' });
      expect(res.status).toBe(422);
      expect(res.body.error.code).toBe('EMAIL_NOT_CONFIGURED');
      expect(await countRows(t, 'invoice_emails', biz.business_id)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('two apps dispatching from one database send each mail once; mail queued by a stopped app is sent by the other', async () => {
    const sink = await startSmtpSink();
    const config = { ...MAIL, smtpUrl: sink.url, mailDispatchIntervalMs: 10 };
    const a = await startTestApp(config);
    const b = await startTestApp(config, { databaseUrl: a.databaseUrl });
    const queuer = await startTestApp({ ...config, mailDispatcher: false }, { databaseUrl: a.databaseUrl });
    try {
      const biz = await createBusiness(a, 'Twice');
      const product = await seedProduct(a, biz, { stock: '100000' });
      const N = 30;
      const apps = [a, b];
      for (let i = 0; i < N; i++) {
        await apiAs(apps[i % 2], biz)
          .post('/orders', { customer: { email: `c${i}@example.com` }, items: [{ product_id: product, quantity: 1 }], send_invoice: true })
          .expect(201);
      }
      const later = (
        await apiAs(queuer, biz)
          .post('/orders', { customer: { email: 'late@example.com' }, items: [{ product_id: product, quantity: 1 }], send_invoice: true })
          .expect(201)
      ).body.data;
      await queuer.close();
      await sink.waitFor(N + 1, 30_000);
      await waitUntil(
        async () => {
          const [row] = await a.db.query(`SELECT count(*)::int AS n FROM invoice_emails WHERE business_id = $1 AND status = 'sent'`, [biz.business_id]);
          return row.n === N + 1 ? true : undefined;
        },
        20_000,
        'every mail sent',
      );
      const recipients = sink.mails.map((m) => m.to.join(','));
      expect(new Set(recipients).size).toBe(N + 1);
      expect(recipients).toHaveLength(N + 1);
      const attempts = await a.db.query(`SELECT attempts FROM invoice_emails WHERE business_id = $1`, [biz.business_id]);
      expect(attempts.every((r: { attempts: number }) => r.attempts === 1)).toBe(true);
      expect((await apiAs(a, biz).get(`/invoices/${later.invoice_id}`).expect(200)).body.data.email.status).toBe('sent');
    } finally {
      await b.close();
      await a.close();
      await sink.stop();
    }
  }, 90_000);
});
