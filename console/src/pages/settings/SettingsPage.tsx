import { useParams } from '@tanstack/react-router';
import { useWho } from '../../frame/who';
import { Page } from '../../ui/Page';
import { SubNav } from '../inventory/common/SubNav';
import { ActivityView } from './ActivityView';
import { KeysView } from './KeysView';
import { RolesView } from './RolesView';
import { SecurityView } from './SecurityView';
import { StaffView } from './StaffView';
import { TaxesView } from './TaxesView';

const LINKS = [
  { to: '/settings', name: 'API keys' },
  { to: '/settings/staff', name: 'Staff' },
  { to: '/settings/roles', name: 'Roles' },
  { to: '/settings/taxes', name: 'Taxes' },
  { to: '/settings/security', name: 'Security' },
  { to: '/settings/activity', name: 'Activity' },
];

/**
 * docs/api.md 16/18/19/20's Settings (admin): one page (one h1) whose sub-views have their own URLs
 * below /settings: API keys, Staff, Roles, Taxes (the tax rates and the business's tax settings,
 * docs/api.md 22), Security (the signed-in person's sessions and two-factor) and Activity.
 */
export default function SettingsPage() {
  const params: { _splat?: string } = useParams({ strict: false });
  const parts = (params._splat ?? '').split('/').filter(Boolean);
  const view = parts[0] ?? '';
  const who = useWho();
  let body;
  if (view === '') body = <KeysView />;
  else if (view === 'staff' && parts.length === 1) body = <StaffView />;
  else if (view === 'roles' && parts.length === 1) body = <RolesView />;
  else if (view === 'taxes' && parts.length === 1) body = <TaxesView />;
  else if (view === 'security' && parts.length === 1) body = <SecurityView />;
  else if (view === 'activity' && parts.length === 1) body = <ActivityView />;
  else body = <p role="alert">There is no such view of the settings.</p>;
  return (
    <Page title="Settings">
      <SubNav
        label="Settings"
        links={who.kind === 'user' ? LINKS : LINKS.filter((l) => l.name !== 'Security')}
        current={view ? `/settings/${view}` : '/settings'}
      />
      {body}
    </Page>
  );
}
