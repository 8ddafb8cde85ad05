import { useState } from 'react';
import styled from 'styled-components';
import { graphql, useFragment } from 'react-relay';
import { Download, Trash2 } from 'lucide-react';
import type { YourDataCard_viewer$key } from '../../__generated__/YourDataCard_viewer.graphql.ts';
import { useDownload } from '../../app/use-download.ts';
import { Button } from '../../components/Button.tsx';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { RowText, Rows, SettingsCard } from './SettingsCard.tsx';

/** Export all my data (one JSON file) and Delete my account. */
export function YourDataCard({ viewer }: { viewer: YourDataCard_viewer$key }) {
  const { email, budgets } = useFragment(
    graphql`
      fragment YourDataCard_viewer on User {
        email
        budgets {
          name
          role
          memberCount
        }
      }
    `,
    viewer,
  );
  // docs/product.md#shared-budgets: a budget the user owns with other members is handed over first.
  const handOver = budgets.filter((b) => b.role === 'OWNER' && b.memberCount > 1).map((b) => b.name);
  const exporting = useDownload();
  const [deleting, setDeleting] = useState(false);
  return (
    <SettingsCard title="Your data" description="Take everything with you, or delete it all.">
      <Rows>
        <li>
          <RowText>
            <strong>Export all my data</strong>
            <span>One JSON file with every account, paycheck, category, transaction, bill, payment, goal and contribution.</span>
          </RowText>
          <Button type="button" $variant="secondary" onClick={() => exporting.download('/api/export/all.json')} disabled={exporting.busy}>
            <Download aria-hidden /> {exporting.busy ? 'Exporting…' : 'Export'}
          </Button>
        </li>
        <Danger>
          <RowText>
            <strong>Delete my account</strong>
            <span>Deletes your account and all of your data at once, and signs you out everywhere. This cannot be undone.</span>
          </RowText>
          <Button type="button" $variant="danger" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> Delete Account
          </Button>
        </Danger>
      </Rows>
      {deleting && <DeleteAccountDialog email={email ?? null} handOver={handOver} onClose={() => setDeleting(false)} />}
    </SettingsCard>
  );
}

const Danger = styled.li`
  strong {
    color: ${({ theme }) => theme.color.danger};
  }
`;
