import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { useWho } from '../../frame/who';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { AlertDialog } from '../../ui/AlertDialog';
import { ListView, type Column } from '../../ui/list/ListPage';
import '../../ui/part2-forms.css';
import { CreateKey } from './CreateKey';

type ApiKey = components['schemas']['ApiKeyJson'];

/** docs/api.md 16/18's Settings, API keys: the business's keys (paged, the page in the URL), New key, Revoke after a confirmation. */
export function KeysView() {
  const [state, set] = useUrlState({ page: '1' });
  const format = useFormat();
  const who = useWho();
  const me = { id: who.kind === 'key' ? who.id : null };
  const keys = $api.useQuery('get', '/api/v1/api-keys', { params: { query: { page: pageNumber(state.page), per_page: 20 } } });
  const columns: Column<ApiKey>[] = [
    { header: 'Name', rowHeader: true, cell: (k) => `${k.name}${k.id === me.id ? ' (this key)' : ''}` },
    { header: 'Starts with', cell: (k) => <code>{k.prefix}</code> },
    { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
    { header: 'Created', cell: (k) => format.dateTime(k.created_at) },
    { header: 'Last used', cell: (k) => (k.last_used_at ? format.dateTime(k.last_used_at) : 'Never') },
    { header: 'State', cell: (k) => (k.revoked_at ? `Revoked ${format.dateTime(k.revoked_at)}` : <RevokeKey apiKey={k} />) },
  ];
  return (
    <>
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">API keys</h2>
        <ListView
          what="keys"
          caption="API keys"
          query={keys}
          columns={columns}
          rowKey={(k) => k.id}
          empty="No keys."
          onPage={(page) => set({ page: String(page) })}
        />
      </section>
      <CreateKey />
    </>
  );
}

/** Revoke (DELETE /api-keys/:id, 204) after a confirmation; 409 LAST_ADMIN_KEY shows its message in the dialog. */
function RevokeKey({ apiKey }: { apiKey: ApiKey }) {
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: async () => {
      const result = await api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id: apiKey.id } } });
      if (!result.response.ok) dataOrThrow(result);
    },
    onSuccess: async () => {
      setConfirming(false);
      await invalidatePaths('/api/v1/api-keys');
    },
  });
  return (
    <>
      Active{' '}
      <button type="button" className="danger" aria-label={`Revoke ${apiKey.name}`} onClick={() => setConfirming(true)}>
        Revoke
      </button>
      {confirming && (
        <AlertDialog
          title={`Revoke the key “${apiKey.name}”?`}
          confirmLabel="Revoke key"
          closeLabel="Keep key"
          busy={revoke.isPending}
          error={revoke.error}
          onConfirm={() => revoke.mutate()}
          onClose={() => {
            revoke.reset();
            setConfirming(false);
          }}
        >
          <p>Every request with this key is refused from now on. This cannot be undone.</p>
        </AlertDialog>
      )}
    </>
  );
}
