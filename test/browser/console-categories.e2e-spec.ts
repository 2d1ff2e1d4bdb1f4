import { Browser } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
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
  startConsoleApp,
} from './browser-harness';

/** Products' categories managed in the console (docs/api.md 6): create, a taken name refused, rename, delete after a confirmation naming its products. */
describeInBrowser('the console categories in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('creates, refuses a taken name, renames, and deletes a category its product then leaves', async () => {
    const tab = await openConsole(browser, app, '/console/products');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('link', { name: 'Categories' }).click();
    await page.getByRole('heading', { level: 1, name: 'Categories' }).waitFor();
    await page.getByText('No categories yet.').waitFor();

    await page.getByLabel('Category name').fill('Coffee');
    await page.getByLabel('Description').fill('Beans and ground');
    await page.getByRole('button', { name: 'Create category' }).click();
    const table = page.getByRole('table', { name: 'Categories' });
    await table.getByRole('rowheader', { name: 'Coffee' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Category “Coffee” created.' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the same name again, in other letters: the API's 409 CATEGORY_EXISTS in a plain sentence
    await page.getByLabel('Category name').fill('COFFEE');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.getByRole('alert').filter({ hasText: 'A category of that name exists already' }).waitFor();

    const coffee = ((await api.get('/categories').expect(200)).body.data as { id: string; name: string }[])[0];
    await api.post('/products', { name: 'House beans', price: 9, category_id: coffee.id }).expect(201);

    await page.getByRole('button', { name: 'Rename Coffee' }).click();
    const newName = page.getByLabel('New name');
    await eventually(() => page.evaluate('document.activeElement && document.activeElement.value')).toBe('Coffee');
    await newName.fill('Coffee beans');
    await page.getByRole('button', { name: 'Save name' }).click();
    await table.getByRole('rowheader', { name: 'Coffee beans' }).waitFor();
    expect((await api.get(`/categories/${coffee.id}`).expect(200)).body.data.name).toBe('Coffee beans');

    await page.getByRole('button', { name: 'Delete Coffee beans' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the category “Coffee beans”?' });
    await dialog.getByText('1 product is in it (1 active, 0 inactive): it stays, without a category.', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    // Escape keeps it
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Delete Coffee beans' }).click();
    await dialog.getByRole('button', { name: 'Delete category' }).click();
    await page.getByRole('status').filter({ hasText: 'Category “Coffee beans” deleted.' }).waitFor();
    await page.getByText('No categories yet.').waitFor();
    await api.get(`/categories/${coffee.id}`).expect(404);
    const beans = (await api.get('/products?search=House').expect(200)).body.data[0] as { category: unknown };
    expect(beans.category).toBeNull();
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
