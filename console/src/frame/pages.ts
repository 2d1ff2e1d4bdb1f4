import type { ComponentType } from 'react';

/**
 * The console's pages. Adding one is a folder `pages/<page>/` whose main file default-exports the
 * page's component (its own h1 through ui/Page.tsx) and ONE line here. `name` puts it in the
 * navigation (docs/api.md 16's names); a route without a name (an order's page) is reached by links.
 * Each page is its own lazy chunk, loaded when it is first shown. Paths are TanStack Router's, below
 * /console (`/orders/$orderId`).
 */
export interface PageEntry {
  path: string;
  name?: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const PAGES: PageEntry[] = [
  { path: '/dashboard', name: 'Dashboard', load: () => import('../pages/dashboard/DashboardPage') },
  { path: '/new-sale', name: 'New sale', load: () => import('../pages/new-sale/NewSalePage') },
  { path: '/orders', name: 'Orders', load: () => import('../pages/orders/OrdersPage') },
  { path: '/orders/$orderId', load: () => import('../pages/orders/OrderPage') },
  { path: '/products', name: 'Products', load: () => import('../pages/products/ProductsPage') },
  { path: '/products/new', load: () => import('../pages/products/NewProductPage') },
  { path: '/products/categories', load: () => import('../pages/products/CategoriesPage') },
  { path: '/products/$productId', load: () => import('../pages/products/ProductPage') },
  { path: '/inventory', name: 'Inventory', load: () => import('../pages/inventory/InventoryPage') },
  { path: '/inventory/$', load: () => import('../pages/inventory/InventoryPage') },
  { path: '/purchasing', name: 'Purchasing', load: () => import('../pages/purchasing/PurchasingPage') },
  { path: '/purchasing/$', load: () => import('../pages/purchasing/PurchasingPage') },
  { path: '/invoices', name: 'Invoices', load: () => import('../pages/invoices/InvoicesPage') },
  { path: '/invoices/$invoiceId', load: () => import('../pages/invoices/InvoicePage') },
  { path: '/customers', name: 'Customers', load: () => import('../pages/customers/CustomersPage') },
  { path: '/customers/$customerId', load: () => import('../pages/customers/CustomerPage') },
  { path: '/finance', name: 'Finance', load: () => import('../pages/finance/FinancePage') },
  { path: '/finance/$', load: () => import('../pages/finance/FinancePage') },
  // after the pages of the day's work: a member lands on the first page they may open, and a clerk with purchasing's scope should land on Products, not on margins
  { path: '/reports', name: 'Reports', load: () => import('../pages/reports/ReportsPage') },
  { path: '/reports/$', load: () => import('../pages/reports/ReportsPage') },
  { path: '/webhooks', name: 'Webhooks', load: () => import('../pages/webhooks/WebhooksPage') },
  { path: '/webhooks/$webhookId', load: () => import('../pages/webhooks/WebhookPage') },
  { path: '/settings', name: 'Settings', load: () => import('../pages/settings/SettingsPage') },
  { path: '/settings/$', load: () => import('../pages/settings/SettingsPage') },
  { path: '/security', load: () => import('../pages/settings/SecurityPage') },
  { path: '/imports', load: () => import('../pages/imports/ImportsPage') },
  { path: '/imports/$importId', load: () => import('../pages/imports/ImportPage') },
];

/** Where `/console` itself leads. */
export const HOME = '/dashboard';

/** The page a browser path below /console shows (`$param` segments match any one segment, a final `$` splat the rest). */
export function pageAt(pathname: string): PageEntry | undefined {
  const path = pathname.replace(/^\/console/, '').replace(/\/$/, '') || HOME;
  return PAGES.find((page) => new RegExp(`^${page.path.replace(/\$[^/]+/g, '[^/]+').replace(/\/\$$/, '/.+')}$`).test(path));
}

/** Fetches the chunk of the page at `pathname` ahead of time (while the sign-in form is filled in). */
export function preloadPageAt(pathname: string): void {
  void pageAt(pathname)
    ?.load()
    .catch(() => undefined);
}
