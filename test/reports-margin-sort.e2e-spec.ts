import { csvObjects } from './helpers/csv';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { earlier } from './helpers/earlier-time';

const TZ = 'America/Sao_Paulo';
const SORTS = ['revenue', 'margin', 'margin_percent', 'quantity'] as const;
type Sort = (typeof SORTS)[number];

interface Row {
  product_id: string;
  name: string;
  quantity: number;
  revenue: number;
  cogs: number;
  margin: number;
  margin_percent: number | null;
}

describe('GET /reports/margin: margin_percent, sort and format=csv (docs/api.md 13)', () => {
  let t: TestApp;
  let biz: TestBusiness;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Margin Sort Shop', { timezone: TZ });
    const api = apiAs(t, biz);
    // 55 products sold (more than the 50 listed), the revenue, margin, percent and quantity orders all
    // different; Loss sells below cost (a negative margin), Freebie at 0 (no percent), Returned comes back whole (no row)
    const lines: { product_id: string; quantity: number }[] = [];
    const product = async (name: string, price: number, cost: number, quantity: number) => {
      const p = (await api.post('/products', { name, price, cost_price: cost }).expect(201)).body.data;
      await api.post('/stock/adjustments', { product_id: p.id, quantity: 100, reason: 'restock' }).expect(201);
      lines.push({ product_id: p.id, quantity });
      return p.id as string;
    };
    for (let i = 1; i <= 52; i++) await product(`P${String(i).padStart(2, '0')}`, (1000 + i * 37) / 100, ((i * 7) % 13) + 0.35, 1 + ((i * 5) % 7));
    await product('Freebie', 0, 1.1, 3);
    await product('Loss', 5, 6.25, 2);
    const returned = await product('Returned', 99, 10, 1);
    for (let i = 0; i < lines.length; i += 9) {
      const order = (await api.post('/orders', { items: lines.slice(i, i + 9) }).expect(201)).body.data;
      // the first order 3 days back (a closed day, rolled up), one unit of its first line returned
      if (i === 0) {
        await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201);
        await t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '3 days'")} WHERE id = $1`, [order.order_id]);
      }
      const gone = order.items.find((item: { product_id: string }) => item.product_id === returned);
      if (gone) await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: gone.id, quantity: 1 }] }).expect(201);
    }
  });
  afterAll(() => t.close());

  /** Each product's figures of the window, straight from the sale lines, sorted as docs/api.md 13 says: key desc, nulls last, then name and id. */
  const truth = async (days: number, sort: Sort): Promise<Row[]> => {
    const rows = await t.db.query(
      `SELECT i.product_id, p.name, sum(i.quantity - i.returned_quantity)::text AS quantity, sum(i.total - i.returned_amount)::text AS revenue,
              sum(round((i.quantity - i.returned_quantity) * i.unit_cost, 2))::text AS cogs
         FROM sales s JOIN sale_items i ON i.business_id = s.business_id AND i.sale_id = s.id JOIN products p ON p.business_id = i.business_id AND p.id = i.product_id
        WHERE s.business_id = $1 AND (s.status = 'completed' OR (s.status IN ('partially_returned', 'returned') AND s.refunded_amount < s.total))
          AND i.quantity > i.returned_quantity
          AND (s.created_at AT TIME ZONE $3)::date > (now() AT TIME ZONE $3)::date - $2::int
        GROUP BY i.product_id, p.name`,
      [biz.business_id, days, TZ],
    );
    const all: Row[] = rows.map((r: Record<string, string>) => {
      // exact in cents: margin, and the percent rounded half up from the exact quotient
      const revenueCents = Math.round(Number(r.revenue) * 100);
      const marginCents = revenueCents - Math.round(Number(r.cogs) * 100);
      let percent: number | null = null;
      if (revenueCents !== 0) {
        const scaled = BigInt(marginCents) * 10000n; // percent x 100, before rounding: scaled / revenueCents
        const q = scaled / BigInt(revenueCents);
        const rest = scaled % BigInt(revenueCents);
        const away = 2n * (rest < 0n ? -rest : rest) >= BigInt(Math.abs(revenueCents)) ? (scaled < 0n ? -1n : 1n) : 0n;
        percent = Number(q + away) / 100;
      }
      return {
        product_id: r.product_id,
        name: r.name,
        quantity: Number(r.quantity),
        revenue: Number(r.revenue),
        cogs: Number(r.cogs),
        margin: marginCents / 100,
        margin_percent: percent,
      };
    });
    const key = (row: Row): number | null => (sort === 'margin_percent' ? row.margin_percent : row[sort]);
    return all.sort((a, b) => {
      const [x, y] = [key(a), key(b)];
      if (x !== y) {
        if (x === null) return 1;
        if (y === null) return -1;
        return y - x;
      }
      return a.name < b.name ? -1 : a.name > b.name ? 1 : a.product_id < b.product_id ? -1 : 1;
    });
  };

  it('each product has margin_percent; each sort takes the top 50 after ordering, descending, nulls last', async () => {
    const api = apiAs(t, biz);
    const tops: Record<string, string[]> = {};
    for (const days of [1, 7]) {
      const plain = (await api.get(`/reports/margin?days=${days}`).expect(200)).body.data;
      for (const sort of SORTS) {
        const want = await truth(days, sort);
        expect(want.length).toBe(days === 1 ? 45 : 54);
        const body = (await api.get(`/reports/margin?days=${days}&sort=${sort}`).expect(200)).body.data;
        expect({ sort, days, products: body.products }).toEqual({ sort, days, products: want.slice(0, 50) });
        // the totals do not depend on the sort
        expect({ ...body, products: null }).toEqual({ ...plain, products: null });
        if (days === 7) tops[sort] = body.products.map((p: Row) => p.product_id);
      }
      expect(plain.products).toEqual((await truth(days, 'revenue')).slice(0, 50));
    }
    // the sorts choose different fifties: the sort is applied before the cut
    expect(new Set(tops.margin_percent)).not.toEqual(new Set(tops.revenue));
    expect(new Set(tops.quantity)).not.toEqual(new Set(tops.revenue));
    // Freebie: no revenue, no percent, last by percent (within the 54 of the week, cut from the top 50)
    const week = await truth(7, 'margin_percent');
    expect(week[week.length - 1]).toMatchObject({ name: 'Freebie', revenue: 0, margin_percent: null });
    // the day's 45 products are all listed
    const byMargin = (await api.get('/reports/margin?days=1&sort=margin').expect(200)).body.data.products as Row[];
    expect(byMargin.find((p) => p.name === 'Freebie')).toMatchObject({ margin: -3.3, margin_percent: null });
    expect(byMargin.find((p) => p.name === 'Loss')).toMatchObject({ revenue: 10, cogs: 12.5, margin: -2.5, margin_percent: -25 });
  });

  it('format=csv: the product rows, columns named as their JSON fields, in the sort asked for', async () => {
    const api = apiAs(t, biz);
    for (const sort of ['margin_percent', 'quantity'] as const) {
      const json = (await api.get(`/reports/margin?days=7&sort=${sort}`).expect(200)).body.data.products as Row[];
      const res = await api.get(`/reports/margin?days=7&sort=${sort}&format=csv`).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="margin-\d{4}-\d{2}-\d{2}\.csv"$/);
      const { header, rows } = csvObjects(res.text);
      expect(header).toEqual(['product_id', 'name', 'quantity', 'revenue', 'cogs', 'margin', 'margin_percent']);
      expect(rows).toEqual(json.map((p) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v === null ? null : String(v)]))));
    }
    const empty = await createBusiness(t, 'Empty Margin');
    const text = (await t.http().get('/api/v1/reports/margin?format=csv').set(empty.auth).expect(200)).text;
    expect(csvObjects(text)).toEqual({ header: ['product_id', 'name', 'quantity', 'revenue', 'cogs', 'margin', 'margin_percent'], rows: [] });
  });

  it('sort and format take only their values; the OpenAPI document names them', async () => {
    const api = apiAs(t, biz);
    await api.get('/reports/margin?sort=name').expect(400);
    await api.get('/reports/margin?format=xml').expect(400);
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const op = doc.paths['/api/v1/reports/margin'].get;
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['days', 'sort', 'format']));
    expect(Object.keys(op.responses['200'].content)).toEqual(expect.arrayContaining(['application/json', 'text/csv']));
  });
});
