import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Merge, Pencil } from 'lucide-react';
import type { PayeesCardRenameMutation } from '../../__generated__/PayeesCardRenameMutation.graphql.ts';
import type { PayeesCardMergeMutation } from '../../__generated__/PayeesCardMergeMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { plural } from '../../lib/plural.ts';
import { renamePayeeInput } from '../../../../shared/inputs/payees.ts';

export type PayeeItem = { id: string; name: string; transactionCount: number; paycheckCount: number };

/**
 * Payees (docs/product.md#payees): each with how many records name it; Rename (every record
 * follows) and Merge (the chosen ones become one). The screen reloads after a change (`onChanged`).
 */
export function PayeesCard({ payees, onChanged }: { payees: readonly PayeeItem[]; onChanged(): void }) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [renaming, setRenaming] = useState<PayeeItem | null>(null);
  const [merging, setMerging] = useState(false);
  const toggle = (id: string) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    setChosen(next);
  };
  const picked = payees.filter((p) => chosen.has(p.id));
  return (
    <Card aria-label="Payees">
      <CardHeader>
        <h2>
          Payees <Badge $tone="primary">{payees.length}</Badge>
        </h2>
        <Button type="button" $variant="secondary" $size="sm" disabled={picked.length < 2} onClick={() => setMerging(true)}>
          <Merge aria-hidden /> Merge {picked.length >= 2 ? picked.length : ''} payees
        </Button>
      </CardHeader>
      {payees.length === 0 ? (
        <EmptyState title="No payees yet" text="Give a transaction a payee, or import a bank file: its payees appear here." />
      ) : (
        <Rows aria-label="Your payees">
          {payees.map((p) => (
            <li key={p.id}>
              <label>
                <input type="checkbox" checked={chosen.has(p.id)} onChange={() => toggle(p.id)} aria-label={`Choose ${p.name}`} />
                <strong>{p.name}</strong>
              </label>
              <span className="count">{plural(p.transactionCount + p.paycheckCount, 'record')}</span>
              <Button type="button" $variant="ghost" $size="sm" aria-label={`Rename ${p.name}`} onClick={() => setRenaming(p)}>
                <Pencil aria-hidden />
              </Button>
            </li>
          ))}
        </Rows>
      )}
      {renaming && <RenameDialog payee={renaming} onClose={() => setRenaming(null)} onDone={onChanged} />}
      {merging && (
        <MergeDialog
          payees={picked}
          onClose={() => setMerging(false)}
          onDone={() => {
            setChosen(new Set());
            onChanged();
          }}
        />
      )}
    </Card>
  );
}

function RenameDialog({ payee, onClose, onDone }: { payee: PayeeItem; onClose(): void; onDone(): void }) {
  const [name, setName] = useState(payee.name);
  const [error, setError] = useState<string | undefined>();
  const [rename, saving] = useMutationAction<PayeesCardRenameMutation>(graphql`
    mutation PayeesCardRenameMutation($input: RenamePayeeInput!) {
      renamePayee(input: $input) {
        payee {
          id
          name
        }
      }
    }
  `);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = renamePayeeInput.safeParse({ name });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    rename(
      { input: { id: payee.id, name: parsed.data.name } },
      {
        success: SUCCESS.payeeRenamed,
        failure: FAILURE.renamePayee,
        onFieldErrors: (errors) => setError(errors.name ?? errors.form),
        onDone: () => {
          onClose();
          onDone();
        },
      },
    );
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Rename ${payee.name}`}
      description="Every record of this payee shows the new name."
      onSubmit={submit}
      submitLabel="Rename"
      savingLabel="Renaming…"
      saving={saving}
    >
      <Field label="Name" error={error}>
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={200} autoFocus />
      </Field>
    </FormDialog>
  );
}

function MergeDialog({ payees, onClose, onDone }: { payees: readonly PayeeItem[]; onClose(): void; onDone(): void }) {
  const [into, setInto] = useState(payees[0]!.id);
  const [merge, saving] = useMutationAction<PayeesCardMergeMutation>(graphql`
    mutation PayeesCardMergeMutation($input: MergePayeesInput!) {
      mergePayees(input: $input) {
        payee {
          id
        }
      }
    }
  `);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    merge(
      { input: { ids: payees.map((p) => p.id), into } },
      {
        success: SUCCESS.payeesMerged,
        failure: FAILURE.mergePayees,
        onDone: () => {
          onClose();
          onDone();
        },
      },
    );
  };
  return (
    <FormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Merge ${payees.length} payees`}
      description={`${payees.map((p) => p.name).join(', ')}: every record of them goes to the payee kept, and the others are deleted.`}
      onSubmit={submit}
      submitLabel="Merge"
      savingLabel="Merging…"
      saving={saving}
    >
      <Field label="Keep the name">
        <Select value={into} onChange={(e) => setInto(e.target.value)}>
          {payees.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </Field>
    </FormDialog>
  );
}

const Rows = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  li {
    display: flex;
    align-items: center;
    gap: 0.75rem;
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li:last-child {
    border-bottom: none;
  }
  label {
    display: flex;
    align-items: center;
    gap: 0.6rem;
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .count {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    white-space: nowrap;
  }
`;
