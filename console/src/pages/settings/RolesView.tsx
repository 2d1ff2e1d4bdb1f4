import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { invalidatePaths } from '../../api/invalidate';
import { callOrThrow, type Role } from '../../api/staff';
import { SCOPES, type Scope } from '../../frame/scopes';
import { errorCode } from '../../lib/field-errors';
import { SCOPE_WORDS, scopesInWords } from '../../lib/scope-words';
import { AlertDialog } from '../../ui/AlertDialog';
import { FormError, SubmitButton, TextField } from '../../ui/form/Form';
import { DataTable, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';
import { isBuiltIn, useRoles } from './roles';

const ROLE_MESSAGES = {
  ROLE_IN_USE: 'Members still hold this role: give them another role first (Staff), then delete it.',
};

/**
 * docs/api.md 19's Roles (admin): the built-in roles, read-only, and the business's own roles, which
 * are created, edited (name and scopes, as checkboxes in plain words) and deleted (409 ROLE_IN_USE
 * while members hold it).
 */
export function RolesView() {
  const roles = useRoles();
  const [editing, setEditing] = useState<Role | null>(null);
  const columns = (own: boolean): Column<Role>[] => [
    { header: 'Role', rowHeader: true, cell: (r) => r.name },
    { header: 'May', cell: (r) => scopesInWords(r.scopes) },
    ...(own ? [{ header: 'Actions', cell: (r: Role) => <RoleActions role={r} onEdit={() => setEditing(r)} /> }] : []),
  ];
  return (
    <>
      <QueryState query={roles} what="the roles">
        {(body) => (
          <>
            <section aria-labelledby="built-in-title">
              <h2 id="built-in-title">Built-in roles</h2>
              <DataTable caption="Built-in roles" columns={columns(false)} rows={body.data.filter(isBuiltIn)} rowKey={(r) => r.name} />
            </section>
            <section aria-labelledby="own-title">
              <h2 id="own-title">Your roles</h2>
              {body.data.some((r) => !isBuiltIn(r)) ? (
                <DataTable caption="Your roles" columns={columns(true)} rows={body.data.filter((r) => !isBuiltIn(r))} rowKey={(r) => r.id ?? r.name} />
              ) : (
                <p className="empty">No roles of your own yet.</p>
              )}
            </section>
          </>
        )}
      </QueryState>
      <RoleForm key={editing?.id ?? 'new'} role={editing} onDone={() => setEditing(null)} />
    </>
  );
}

function RoleActions({ role, onEdit }: { role: Role; onEdit: () => void }) {
  const [deleting, setDeleting] = useState(false);
  const remove = useMutation({
    mutationFn: () => callOrThrow('DELETE', `/roles/${role.id}`),
    onSuccess: async () => {
      setDeleting(false);
      await invalidatePaths('/api/v1/roles');
    },
  });
  return (
    <div className="actions">
      <button type="button" aria-label={`Edit ${role.name}`} onClick={onEdit}>
        Edit
      </button>
      <button type="button" className="danger" aria-label={`Delete ${role.name}`} onClick={() => setDeleting(true)}>
        Delete
      </button>
      {deleting && (
        <AlertDialog
          title={`Delete the role “${role.name}”?`}
          confirmLabel="Delete role"
          closeLabel="Keep role"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            remove.reset();
            setDeleting(false);
          }}
        >
          <p>The role is deleted. This cannot be undone.</p>
          {errorCode(remove.error) === 'ROLE_IN_USE' && <p>{ROLE_MESSAGES.ROLE_IN_USE}</p>}
        </AlertDialog>
      )}
    </div>
  );
}

/** New role (POST /roles) or Edit (PUT /roles/:id): a name and the scopes as checkboxes labelled in plain words. */
function RoleForm({ role, onDone }: { role: Role | null; onDone: () => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [scopes, setScopes] = useState<Scope[]>(role ? [...role.scopes] : []);
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: (body: { name: string; scopes: Scope[] }) =>
      role ? callOrThrow('PUT', `/roles/${role.id}`, { body }) : callOrThrow('POST', '/roles', { body }),
    onSuccess: async (_data, body) => {
      setSaved(role ? `Role “${body.name}” saved.` : `Role “${body.name}” created.`);
      if (!role) {
        setName('');
        setScopes([]);
      }
      await invalidatePaths('/api/v1/roles', '/api/v1/staff');
      if (role) onDone();
    },
  });
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved('');
    save.mutate({ name: name.trim(), scopes });
  }
  const title = role ? `Edit role “${role.name}”` : 'New role';
  return (
    <form className="stacked" aria-labelledby="role-form-title" onSubmit={submit}>
      <h2 id="role-form-title">{title}</h2>
      <TextField label="Role name" required autoComplete="off" value={name} onChange={setName} />
      <fieldset className="checks">
        <legend>What this role may do</legend>
        {SCOPES.map((scope) => (
          <label key={scope}>
            <input
              type="checkbox"
              checked={scopes.includes(scope)}
              onChange={(e) =>
                setScopes((current) => (e.target.checked ? SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)))
              }
            />{' '}
            {SCOPE_WORDS[scope]}
          </label>
        ))}
      </fieldset>
      <div className="actions">
        <SubmitButton busy={save.isPending} busyLabel="Saving…">
          {role ? 'Save role' : 'Create role'}
        </SubmitButton>
        {role && (
          <button type="button" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
      <p role="status">{saved}</p>
      <FormError error={save.error} messages={ROLE_MESSAGES} />
    </form>
  );
}
