import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { invalidatePaths } from '../../api/invalidate';
import { callOrThrow, roleName, useApiRead, type PageMeta, type StaffMember } from '../../api/staff';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { listQuery } from '../../lib/list-query';
import { AlertDialog } from '../../ui/AlertDialog';
import { FormError, SelectField, SubmitButton, TextField } from '../../ui/form/Form';
import { ListView, SelectFilter, type Column } from '../../ui/list/ListPage';
import { roleValue, useRoles } from './roles';

const STAFF_MESSAGES = {
  LAST_OWNER: 'The business must keep at least one active owner: make someone else owner first.',
  ALREADY_MEMBER: 'This person is already a member of the business (look for them in the list).',
};
const STATUS_OPTIONS = [
  { value: 'invited', label: 'Invited' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];
const statusLabel = (status: string) => STATUS_OPTIONS.find((o) => o.value === status)?.label ?? status;

/**
 * docs/api.md 19's Staff (admin): the members (paged, the status filter and page in the URL), Invite
 * with a role, and for each member: change role, disable or enable, send the invitation again,
 * remove. 409 LAST_OWNER and ALREADY_MEMBER say what to do.
 */
export function StaffView() {
  const [state, set] = useUrlState({ status: '', page: '1' });
  const format = useFormat();
  const staff = useApiRead<{ data: StaffMember[]; meta: PageMeta }>('/staff', listQuery(state, { status: 'status' }, 20));
  const [actionError, setActionError] = useState<unknown>(null);
  const columns: Column<StaffMember>[] = [
    { header: 'Name', rowHeader: true, cell: (m) => m.name },
    { header: 'Email', cell: (m) => m.email },
    { header: 'Role', cell: (m) => <RoleChange member={m} onError={setActionError} /> },
    { header: 'Status', cell: (m) => statusLabel(m.status) },
    { header: 'Two-factor', cell: (m) => (m.two_factor ? 'On' : 'Off') },
    { header: 'Last sign-in', cell: (m) => (m.last_sign_in_at ? format.dateTime(m.last_sign_in_at) : 'Never') },
    { header: 'Actions', cell: (m) => <MemberActions member={m} onError={setActionError} /> },
  ];
  return (
    <section aria-labelledby="staff-title">
      <h2 id="staff-title">Staff</h2>
      <FormError error={actionError} messages={STAFF_MESSAGES} />
      <ListView
        what="staff members"
        caption="Staff"
        query={staff}
        columns={columns}
        rowKey={(m) => m.id}
        empty="No staff members match."
        onPage={(page) => set({ page: String(page) })}
        filters={
          <SelectFilter
            id="staff-status"
            label="Status"
            any="Any status"
            value={state.status}
            options={STATUS_OPTIONS}
            onChange={(status) => set({ status })}
          />
        }
      />
      <InviteForm />
    </section>
  );
}

function useMemberChange(member: StaffMember, onError: (error: unknown) => void) {
  return useMutation({
    mutationFn: (change: { method: 'PATCH' | 'POST' | 'DELETE'; path?: string; body?: unknown }) =>
      callOrThrow(change.method, `/staff/${member.id}${change.path ?? ''}`, change.body !== undefined ? { body: change.body } : undefined),
    onMutate: () => onError(null),
    onError,
    onSettled: () => invalidatePaths('/api/v1/staff'),
  });
}

/** The member's role, changed with a select and "Change role" (PATCH /staff/:id {role}). */
function RoleChange({ member, onError }: { member: StaffMember; onError: (error: unknown) => void }) {
  const roles = useRoles();
  const current = roleName(member);
  const [chosen, setChosen] = useState('');
  const change = useMemberChange(member, onError);
  const options = (roles.data?.data ?? []).map((role) => ({ value: roleValue(role), label: role.name }));
  const currentValue = member.role;
  const value = chosen || currentValue;
  return (
    <form
      className="inline"
      onSubmit={(e) => {
        e.preventDefault();
        if (value !== currentValue) change.mutate({ method: 'PATCH', body: { role: value } });
      }}
    >
      <label className="sr-only" htmlFor={`role-${member.id}`}>
        Role of {member.name}
      </label>
      <select id={`role-${member.id}`} value={value} onChange={(e) => setChosen(e.target.value)}>
        {options.length === 0 && <option value={currentValue}>{current}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>{' '}
      {value !== currentValue && (
        <button type="submit" disabled={change.isPending}>
          Change role
        </button>
      )}
    </form>
  );
}

/** Disable or Enable (PATCH status), Send again (invited only), Remove after a confirmation. */
function MemberActions({ member, onError }: { member: StaffMember; onError: (error: unknown) => void }) {
  const change = useMemberChange(member, onError);
  const [removing, setRemoving] = useState(false);
  const remove = useMutation({
    mutationFn: () => callOrThrow('DELETE', `/staff/${member.id}`),
    onSuccess: async () => {
      setRemoving(false);
      await invalidatePaths('/api/v1/staff');
    },
  });
  return (
    <div className="actions">
      {member.status === 'invited' && (
        <button
          type="button"
          disabled={change.isPending}
          aria-label={`Send the invitation to ${member.name} again`}
          onClick={() => change.mutate({ method: 'POST', path: '/invite' })}
        >
          Send again
        </button>
      )}
      {member.status === 'active' && (
        <button
          type="button"
          disabled={change.isPending}
          aria-label={`Disable ${member.name}`}
          onClick={() => change.mutate({ method: 'PATCH', body: { status: 'disabled' } })}
        >
          Disable
        </button>
      )}
      {member.status === 'disabled' && (
        <button
          type="button"
          disabled={change.isPending}
          aria-label={`Enable ${member.name}`}
          onClick={() => change.mutate({ method: 'PATCH', body: { status: 'active' } })}
        >
          Enable
        </button>
      )}
      <button type="button" className="danger" aria-label={`Remove ${member.name}`} onClick={() => setRemoving(true)}>
        Remove
      </button>
      {change.isSuccess && member.status === 'invited' && <span role="status">Sent.</span>}
      {removing && (
        <AlertDialog
          title={`Remove ${member.name} from the business?`}
          confirmLabel="Remove member"
          closeLabel="Keep member"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            remove.reset();
            setRemoving(false);
          }}
        >
          <p>They can no longer sign in to this business, and their sessions here end now. What they did stays in the activity log.</p>
        </AlertDialog>
      )}
    </div>
  );
}

/** Invite (POST /staff {email, name, role}): the invitation is mailed with a link to Accept invitation. */
function InviteForm() {
  const roles = useRoles();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('cashier');
  const [sent, setSent] = useState('');
  const invite = useMutation({
    mutationFn: (body: { email: string; name: string; role: string }) => callOrThrow('POST', '/staff', { body }),
    onSuccess: async (_data, body) => {
      setSent(`Invitation sent to ${body.email}.`);
      setEmail('');
      setName('');
      await invalidatePaths('/api/v1/staff');
    },
  });
  const options = (roles.data?.data ?? [{ id: null, name: 'cashier', scopes: [], built_in: true, created_at: null }]).map((r) => ({
    value: roleValue(r),
    label: r.name,
  }));
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent('');
    invite.mutate({ email: email.trim(), name: name.trim(), role });
  }
  return (
    <form className="stacked" aria-labelledby="invite-title" onSubmit={submit}>
      <h3 id="invite-title">Invite a member</h3>
      <TextField label="Email" type="email" required autoComplete="off" value={email} onChange={setEmail} />
      <TextField label="Name" required autoComplete="off" value={name} onChange={setName} />
      <SelectField label="Role" value={role} onChange={setRole} options={options} required />
      <div className="actions">
        <SubmitButton busy={invite.isPending} busyLabel="Inviting…">
          Invite
        </SubmitButton>
      </div>
      <p role="status">{sent}</p>
      <FormError error={invite.error} messages={STAFF_MESSAGES} />
    </form>
  );
}
