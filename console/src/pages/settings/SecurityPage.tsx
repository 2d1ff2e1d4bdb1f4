import { Page } from '../../ui/Page';
import { SecurityView } from './SecurityView';

/** docs/api.md 19: a signed-in person's own sessions and two-factor, whatever their role (Settings shows the same view to owners). */
export default function SecurityPage() {
  return (
    <Page title="Security">
      <SecurityView />
    </Page>
  );
}
