import * as http from 'http';
import { AddressInfo } from 'net';
import { Browser } from 'playwright-core';
import { EventName } from '../../src/common/events/domain-event';
import { commitEvents } from '../helpers/receiver';
import { apiAs, startTestApp, TestBusiness } from '../helpers/test-app';
import {
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  launchChromium,
  openConsole,
  seriousAxeViolations,
  signIn,
} from './browser-harness';

/** The console app as browser-harness's startConsoleApp makes it, with http and loopback webhook URLs allowed (docs/api.md 10). */
async function startWebhookConsoleApp(): Promise<ConsoleApp> {
  const t = await startTestApp({ webhookAllowInsecure: true });
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { t, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => t.close() };
}

/** A local port nothing listens on (taken, then let go). */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** docs/api.md 16's Webhooks: create (secret shown once), pause and resume, a failed delivery redelivered, delete, the events feed. */
describeInBrowser('the console webhooks in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let receiver: http.Server | undefined;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startWebhookConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Hook Shop');
    api = apiAs(app.t, biz);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
    await browser?.close();
    await app?.close();
  });

  it('creates a webhook with its secret shown once, pauses and resumes it, redelivers its failed delivery, deletes it', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}/hooks`;
    const secret = 'shh-its-a-secret-42';
    const tab = await openConsole(browser, app, '/console/webhooks');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Webhooks' }).waitFor();
    await page.getByText('No webhooks yet.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: 'New webhook' });
    await form.getByLabel('Endpoint URL').fill(url);
    await form.getByRole('group', { name: 'Events' }).getByLabel('expense.created').check();
    await form.getByLabel('Secret (optional)').fill(secret);
    await form.getByRole('button', { name: 'Create webhook' }).click();
    await form.getByRole('status').getByText(`Webhook created for ${url}.`).waitFor();
    await eventually(() => form.getByTestId('webhook-secret').textContent()).toBe(secret);
    await eventually(() => form.getByLabel('Secret (optional)').inputValue()).toBe('');
    const [stored] = (await api.get('/webhooks').expect(200)).body.data;
    expect(stored).toMatchObject({ url, events: ['expense.created'], is_active: true, secret_set: true });
    expect(JSON.stringify(stored)).not.toContain(secret);
    const row = page.getByRole('row', { name: new RegExp(url) });
    await eventually(() => row.locator('td').nth(3).textContent()).toBe('Set');

    // never again: Done forgets it, and a reload does not bring it back
    await form.getByRole('button', { name: 'Done' }).click();
    await eventually(() => page.getByText(secret).count()).toBe(0);
    await page.reload();
    await row.waitFor();
    await eventually(() => page.content()).not.toContain(secret);

    await page.getByRole('button', { name: `Pause ${url}` }).click();
    await row.getByRole('cell', { name: 'Paused' }).waitFor();
    expect((await api.get(`/webhooks/${stored.id}`).expect(200)).body.data.is_active).toBe(false);
    await page.getByRole('button', { name: `Resume ${url}` }).click();
    await row.getByRole('cell', { name: 'Active' }).waitFor();
    expect((await api.get(`/webhooks/${stored.id}`).expect(200)).body.data.is_active).toBe(true);

    // an event whose delivery fails: nothing listens on the port
    await api.post('/expenses', { amount: 9.99, category: 'hooks' }).expect(201);
    await page.getByRole('link', { name: url }).click();
    await page.waitForURL(`${app.origin}/console/webhooks/${stored.id}`);
    const log = page.getByRole('table', { name: 'Deliveries' });
    await log.getByTestId('delivery-status').getByText('failed').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Delivery status').selectOption('succeeded');
    await page.waitForURL(/status=succeeded/);
    await page.getByText('No delivery matches.').waitFor();
    await page.getByLabel('Delivery status').selectOption('failed');
    await page.waitForURL(/status=failed/);
    await log.getByTestId('delivery-status').getByText('failed').waitFor();
    await page.getByLabel('Delivery status').selectOption('');
    await page.waitForURL(`${app.origin}/console/webhooks/${stored.id}`);

    // the receiver is up now: Redeliver succeeds, with the secret in its header
    const received: http.IncomingHttpHeaders[] = [];
    receiver = http.createServer((req, res) => {
      received.push(req.headers);
      req.resume();
      req.on('end', () => res.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => receiver!.listen(port, '127.0.0.1', resolve));
    await log.getByRole('button', { name: /^Redeliver expense\.created / }).click();
    await log.getByTestId('delivery-status').getByText('succeeded').waitFor();
    const deliveries = (await api.get(`/webhooks/${stored.id}/deliveries`).expect(200)).body.data;
    expect(deliveries).toEqual([expect.objectContaining({ status: 'succeeded', attempts: 2, response_code: 200 })]);
    expect(received).toHaveLength(1);
    expect(received[0]['x-service-signature']).toBe(secret);

    // delete after a confirmation; Escape first keeps it
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this webhook?' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await api.get(`/webhooks/${stored.id}`).expect(200);
    await page.getByRole('button', { name: `Delete ${url}` }).click();
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await page.waitForURL(`${app.origin}/console/webhooks`);
    await page.getByText('No webhooks yet.').waitFor();
    await api.get(`/webhooks/${stored.id}`).expect(404);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('shows the events feed newest first, 50 a page with older ones on request, filtered by type in the URL', async () => {
    await api.post('/customers', { name: 'Feed Reader', email: 'feed@example.com' }).expect(201);
    // more than a page of events: the feed reads the newest page only, the rest on "Older events"
    await commitEvents(
      app.t.app,
      biz.business_id,
      Array.from({ length: 60 }, (_, n) => ['stock.adjusted', { n }] as [EventName, object]),
    );
    await api.post('/expenses', { amount: 1, category: 'feed' }).expect(201);
    const newestFirst = ((await api.get('/events?order=desc&limit=100').expect(200)).body.data as { id: string }[]).map((e) => e.id);
    expect(newestFirst.length).toBeGreaterThan(60);
    expect(newestFirst.length).toBeLessThan(100);
    const tab = await openConsole(browser, app, '/console/webhooks');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const feed = page.getByRole('table', { name: 'Events, newest first' });
    const rows = feed.locator('tbody tr');
    const shownIds = () => rows.locator('td:nth-child(3)').allTextContents();
    await eventually(shownIds).toEqual(newestFirst.slice(0, 50));
    await eventually(() => rows.first().locator('td').nth(1).textContent()).toBe('expense.created');
    await page.getByRole('button', { name: 'Older events' }).click();
    await eventually(shownIds).toEqual(newestFirst);
    await page.getByRole('button', { name: 'Older events' }).waitFor({ state: 'detached' });

    await page.getByLabel('Event type').selectOption('customer.created');
    await page.waitForURL(/event=customer\.created/);
    await feed.getByRole('cell', { name: 'expense.created' }).first().waitFor({ state: 'detached' });
    await eventually(() => rows.locator('td:nth-child(2)').allTextContents()).toEqual(['customer.created']);
    expect(await page.getByRole('button', { name: 'Older events' }).count()).toBe(0);
    await page.reload();
    await feed.getByRole('cell', { name: 'customer.created' }).waitFor();
    await eventually(() => page.getByLabel('Event type').inputValue()).toBe('customer.created');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
