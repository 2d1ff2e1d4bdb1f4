import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPicker, type PickerSearch } from './SearchPicker';

afterEach(cleanup);

interface Item {
  id: string;
  name: string;
}
const ITEMS: Item[] = Array.from({ length: 150 }, (_, i) => ({ id: `s${i}`, name: `Supplier ${String(i).padStart(3, '0')}` })).concat({
  id: 'zeta',
  name: 'Zeta Mill',
});

/** A picker over ITEMS searched by substring (like the API's `search`), at most `page` matches, each search recorded. */
function Harness({ find, required = false }: { find: PickerSearch<Item>['find']; required?: boolean }) {
  const [chosen, setChosen] = useState<Item | null>(null);
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SearchPicker
        label="Supplier"
        chosen={chosen?.name ?? null}
        onChoose={setChosen}
        search={{ key: 'items', find }}
        name={(i) => i.name}
        what="suppliers"
        required={required}
      />
      <p>{`value: ${chosen?.id ?? 'none'}`}</p>
    </QueryClientProvider>
  );
}

const substring = (page: number) =>
  vi.fn((term: string) => Promise.resolve(ITEMS.filter((i) => i.name.toLowerCase().includes(term.toLowerCase())).slice(0, page)));

describe('SearchPicker', () => {
  it('searches what is typed and chooses a match beyond any first page', async () => {
    const find = substring(10);
    render(<Harness find={find} />);
    expect(screen.getByText('None chosen.')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Supplier'), 'zeta');
    await screen.findByRole('button', { name: 'Choose Zeta Mill' });
    expect(find.mock.lastCall?.[0]).toBe('zeta');
    await userEvent.click(screen.getByRole('button', { name: 'Choose Zeta Mill' }));
    expect(screen.getByText('value: zeta')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Supplier').value).toBe('');
    expect(screen.queryByRole('list')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear Supplier' }));
    expect(screen.getByText('value: none')).toBeTruthy();
  });

  it('says when nothing matches or the search failed, and offers no Clear when required', async () => {
    render(<Harness find={substring(10)} required />);
    await userEvent.type(screen.getByLabelText('Supplier'), 'nothing');
    await screen.findByText('No suppliers match.');
    await userEvent.clear(screen.getByLabelText('Supplier'));
    await userEvent.type(screen.getByLabelText('Supplier'), 'Supplier 00');
    await userEvent.click(await screen.findByRole('button', { name: 'Choose Supplier 007' }));
    expect(screen.getByText('value: s7')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Clear Supplier' })).toBeNull();
    cleanup();

    render(<Harness find={vi.fn(() => Promise.reject(new Error('down')))} />);
    await userEvent.type(screen.getByLabelText('Supplier'), 'x');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The search failed.'));
  });
});
