import { api } from '../../../api/client';
import { dataOrThrow } from '../../../api/errors';
import { SearchPicker, type PickerSearch } from '../../../ui/SearchPicker';
import type { Supplier } from './lookups';

const MATCHES = 10;

/** Suppliers whose name contains the text (GET /suppliers?search=, by name, the first MATCHES). */
const supplierSearch: PickerSearch<Supplier> = {
  key: '/api/v1/suppliers',
  find: async (term, signal) => dataOrThrow(await api.GET('/api/v1/suppliers', { params: { query: { search: term, per_page: MATCHES } }, signal })).data,
};

/** A supplier chosen by typing part of its name: every supplier of the business can be found, not only a first page. */
export function SupplierPicker({
  chosen,
  ...props
}: {
  label: string;
  chosen: Pick<Supplier, 'name'> | null;
  onChoose: (supplier: Supplier | null) => void;
  required?: boolean;
  none?: string;
}) {
  return <SearchPicker {...props} chosen={chosen?.name ?? null} search={supplierSearch} name={(s) => s.name} what="suppliers" />;
}
