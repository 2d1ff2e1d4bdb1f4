import { describe, expect, it } from 'vitest';
import { pageAt } from './pages';

describe('the page at a browser path', () => {
  it('matches a $param segment and a splat below a page with sub-views', () => {
    expect(pageAt('/console/orders/0b6c3c1e-0000-4000-8000-000000000000')?.path).toBe('/orders/$orderId');
    expect(pageAt('/console/settings')?.path).toBe('/settings');
    expect(pageAt('/console/settings/staff')?.path).toBe('/settings/$');
    expect(pageAt('/console/inventory/transfers/abc')?.path).toBe('/inventory/$');
    expect(pageAt('/console/reports')?.path).toBe('/reports');
    expect(pageAt('/console/reports/margin')?.path).toBe('/reports/$');
    expect(pageAt('/console/security')?.path).toBe('/security');
    expect(pageAt('/console')?.path).toBe('/dashboard');
    expect(pageAt('/console/nowhere')).toBeUndefined();
  });
});
