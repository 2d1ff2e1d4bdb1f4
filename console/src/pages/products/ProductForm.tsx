import { useRef, useState, type FormEvent } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { decimalText } from '../../lib/money';
import { ErrorView } from '../../ui/ErrorView';
import { CategorySelect } from './CategorySelect';
import { TaxRateSelect } from './TaxRateSelect';

type Product = components['schemas']['ProductJson'];
export type ProductBody = components['schemas']['CreateProductDto'];

const FIELDS = [
  ['name', 'Name', 'text'],
  ['sku', 'SKU', 'text'],
  ['barcode', 'Barcode', 'text'],
  ['price', 'Price', 'decimal'],
  ['cost_price', 'Cost price', 'decimal'],
  ['unit', 'Unit', 'text'],
  ['min_stock', 'Minimum stock', 'decimal'],
  ['reorder_quantity', 'Reorder quantity', 'decimal'],
  ['description', 'Description', 'text'],
] as const;
type Field = (typeof FIELDS)[number][0];
type Values = Record<Field | 'category_id' | 'tax_rate_id', string>;

function valuesOf(product?: Product): Values {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? '' : typeof value === 'number' ? decimalText(value) : value;
  return {
    name: text(product?.name),
    sku: text(product?.sku),
    barcode: text(product?.barcode),
    price: text(product?.price),
    cost_price: text(product?.cost_price),
    unit: text(product?.unit),
    min_stock: text(product?.min_stock),
    reorder_quantity: text(product?.reorder_quantity),
    description: text(product?.description),
    category_id: product?.category?.id ?? '',
    tax_rate_id: product?.tax_rate_id ?? '',
  };
}

/**
 * A product's fields, to create one (every field typed) or edit one (only the fields changed are
 * sent: PUT is a partial update). Numbers go as the number of their text; text that is no number
 * goes as it is, so the API's VALIDATION_FAILED names the field. The form keeps its values on an error.
 */
export function ProductForm({
  product,
  submitLabel,
  error,
  busy,
  onSubmit,
}: {
  product?: Product;
  submitLabel: string;
  error: unknown;
  busy: boolean;
  onSubmit: (body: Partial<ProductBody>) => void;
}) {
  const initial = useRef(valuesOf(product));
  const [values, setValues] = useState(initial.current);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: Record<string, unknown> = {};
    for (const [key, , kind] of FIELDS) {
      const value = values[key].trim();
      if (value === initial.current[key].trim() && product) continue;
      if (value === '') {
        if (product && (key === 'barcode' || key === 'description')) body[key] = null;
        continue;
      }
      body[key] = kind === 'decimal' && /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    }
    if (values.category_id !== initial.current.category_id || (!product && values.category_id)) body.category_id = values.category_id || null;
    // none of its own: the default rate (docs/api.md 22)
    if (values.tax_rate_id !== initial.current.tax_rate_id || (!product && values.tax_rate_id)) body.tax_rate_id = values.tax_rate_id || null;
    onSubmit(body);
  }

  return (
    <form className="product-form" onSubmit={submit}>
      {FIELDS.map(([key, label, kind]) => (
        <div key={key}>
          <label htmlFor={`product-${key}`}>{label}</label>
          <input
            id={`product-${key}`}
            inputMode={kind === 'decimal' ? 'decimal' : undefined}
            required={key === 'name' || key === 'price'}
            value={values[key]}
            onChange={(e) => setValues({ ...values, [key]: e.target.value })}
          />
        </div>
      ))}
      <CategorySelect
        id="product-category"
        label="Category"
        empty="No category"
        value={values.category_id}
        onChange={(category_id) => setValues({ ...values, category_id })}
      />
      <TaxRateSelect id="product-tax-rate" value={values.tax_rate_id} onChange={(tax_rate_id) => setValues({ ...values, tax_rate_id })} />
      {error !== null && <ErrorView error={error} />}
      <p>
        <button type="submit" disabled={busy}>
          {submitLabel}
        </button>
      </p>
    </form>
  );
}
