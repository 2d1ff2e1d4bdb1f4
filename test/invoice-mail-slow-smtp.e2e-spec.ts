import { seedProduct } from './helpers/orders-fixtures';
import { SmtpSink, startSmtpSink, waitUntil } from './helpers/smtp-sink';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Issue 40, defect 2: an SMTP server on loopback that answers every command slowly, each reply
 * within MAIL_TIMEOUT_MS (the socket timeout) but the whole dialog longer than an attempt's deadline
 * (4 × MAIL_TIMEOUT_MS). An attempt ends by closing its connection before another starts, at most
 * MAIL_CONCURRENCY sessions are open at once, and a mail the server accepted is recorded `sent`.
 *
 * The delays leave a loaded machine slack on each side: a reply later than planned by up to 850 ms
 * stays within the socket timeout, and the dialog up to the message's final dot within the deadline
 * by 2 s. The dialog outlasts the deadline whatever the load: timers never fire early.
 */
const MAIL = { mailFrom: 'invoices@shop.test', mailRetryBaseMs: 100, mailDispatchIntervalMs: 50, mailMaxAttempts: 3 };

async function placeOrders(t: TestApp, biz: TestBusiness, emails: string[]): Promise<string[]> {
  const product = await seedProduct(t, biz, { stock: '100000' });
  const invoices: string[] = [];
  for (const email of emails) {
    const res = await apiAs(t, biz)
      .post('/orders', { customer: { email }, items: [{ product_id: product, quantity: 1 }], send_invoice: true })
      .expect(201);
    invoices.push(res.body.data.invoice_id);
  }
  return invoices;
}

/** The invoices' emails once none is pending or sending any more, and the server has no session open. */
async function settled(t: TestApp, biz: TestBusiness, sink: SmtpSink, invoices: string[], timeoutMs: number) {
  const emails = await waitUntil(
    async () => {
      const all = await Promise.all(invoices.map(async (id) => (await apiAs(t, biz).get(`/invoices/${id}`).expect(200)).body.data.email));
      return all.every((e) => e && (e.status === 'sent' || e.status === 'failed')) ? all : undefined;
    },
    timeoutMs,
    'every invoice email sent or failed',
  );
  await waitUntil(() => (sink.sessions.open === 0 ? true : undefined), timeoutMs, 'every SMTP session closed');
  return emails;
}

const deliveriesTo = (sink: SmtpSink, email: string) => sink.mails.filter((m) => m.to.includes(email)).length;

describe('invoice mail: a slow SMTP server whose dialog outlasts the deadline', () => {
  const TIMEOUT = 3000;
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ ...MAIL, mailTimeoutMs: TIMEOUT, mailConcurrency: 2, smtpUrl: sink.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('delivers each mail once, records it sent, and never runs more than MAIL_CONCURRENCY sessions', async () => {
    // greeting, EHLO, MAIL, RCPT and DATA: 5 × 2 s = 10 s, within the 12 s deadline; the message's
    // reply 2.15 s later makes the dialog 12.15 s
    sink.replyDelayMs = 2000;
    sink.messageReplyDelayMs = 2150;
    const biz = await createBusiness(t, 'Slow SMTP');
    const emails = ['slow1@example.com', 'slow2@example.com', 'slow3@example.com'];
    const invoices = await placeOrders(t, biz, emails);
    const states = await settled(t, biz, sink, invoices, 120_000);

    // (a first attempt a loaded machine kept from its final dot until the deadline may end aborted)
    expect(states.map((e) => [e.to, e.status, e.last_error])).toEqual(emails.map((to) => [to, 'sent', null]));
    expect(emails.map((to) => deliveriesTo(sink, to))).toEqual([1, 1, 1]);
    expect(sink.sessions.max).toBeLessThanOrEqual(2);
    const feed = (await apiAs(t, biz).get('/events?type=invoice.sent').expect(200)).body.data;
    expect(feed.map((e: { data: { to: string } }) => e.data.to).sort()).toEqual(emails);
  }, 180_000);
});

describe('invoice mail: a server too slow to reach the message before the deadline', () => {
  const TIMEOUT = 2000;
  let t: TestApp;
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ ...MAIL, mailTimeoutMs: TIMEOUT, mailMaxAttempts: 2, mailConcurrency: 1, smtpUrl: sink.url });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await sink.stop();
  });

  it('aborts each attempt before the final dot: nothing delivered, the mail failed, one session at a time', async () => {
    // 5 replies of 1.65 s before the message: past the 8 s deadline however late they come (a reply
    // later than 2 s ends the attempt by the socket timeout instead: also before the message)
    sink.replyDelayMs = 1650;
    const biz = await createBusiness(t, 'Slower SMTP');
    const [invoice] = await placeOrders(t, biz, ['never@example.com']);
    const [email] = await settled(t, biz, sink, [invoice], 60_000);

    expect(email).toMatchObject({ status: 'failed', attempts: 2, sent_at: null, last_error: expect.stringMatching(/timed out/) });
    expect(deliveriesTo(sink, 'never@example.com')).toBe(0);
    expect(sink.sessions.max).toBe(1);
  }, 120_000);
});
