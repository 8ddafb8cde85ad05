import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Upload } from 'lucide-react';
import type {
  ImportDialogPreviewMutation,
  ImportDialogPreviewMutation$data,
} from '../../__generated__/ImportDialogPreviewMutation.graphql.ts';
import type { ImportDialogCommitMutation } from '../../__generated__/ImportDialogCommitMutation.graphql.ts';
import { useToast } from '../../app/toasts.tsx';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { formatMoney } from '../../lib/money.ts';
import type { CategoryOption } from '../budget/useCategoryOptions.ts';
import type { AccountOptions } from '../accounts/useAccountOptions.ts';
import { MAX_FILE_BYTES, readChosenFile, type FileContent } from './file-content.ts';
import { changedRows, importedMessage, importTotals, plural, type Choices, type RowChoice } from './import-rows.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import { ImportHistory } from './ImportHistory.tsx';
import { MappingControls, mappingInput, type Mapping } from './MappingControls.tsx';
import { PreviewRows } from './PreviewRows.tsx';

type Preview = ImportDialogPreviewMutation$data['previewImport'];
type Input = ImportDialogPreviewMutation['variables']['input'];

/**
 * Import (docs/product.md#import): choose a CSV, OFX or QFX file, check the detected mapping and
 * the preview (rows ticked, categories, duplicates and errors), import the ticked rows at once;
 * the history below lists past imports with Undo. The account is `accountId` (an account's
 * screen), else the default account, as each time the dialog opens.
 */
export function ImportDialog({
  accountId,
  accounts,
  categories,
  onImported,
}: {
  accountId?: string;
  accounts: AccountOptions;
  categories: readonly CategoryOption[];
  onImported(): void;
}) {
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<FileContent | null>(null);
  const preselected = accountId ?? accounts.defaultId;
  const [account, setAccount] = useState(preselected);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [choices, setChoices] = useState<Choices>(new Map());
  const [error, setError] = useState<string | undefined>();
  const [result, setResult] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const [showMapping, setShowMapping] = useState(false);
  const toast = useToast();
  const [runPreview, previewing] = useMutationAction<ImportDialogPreviewMutation>(graphql`
    mutation ImportDialogPreviewMutation($input: PreviewImportInput!) {
      previewImport(input: $input) {
        format
        mapping {
          delimiter
          headerRow
          columns
          date
          description
          amount
          debit
          credit
          category
          dateFormat
          dateFormats
          decimalComma
          expenses
          remembered
        }
        rows {
          index
          date
          description
          amount
          kind
          suggestedCategoryId
          duplicateOf
          error
          include
        }
      }
    }
  `);
  const [commit, importing] = useMutationAction<ImportDialogCommitMutation>(graphql`
    mutation ImportDialogCommitMutation($input: CommitImportInput!) {
      commitImport(input: $input) {
        import {
          id
          transactionCount
          paycheckCount
          skippedCount
        }
        viewer {
          netWorth
          allAccounts {
            id
            balance
          }
        }
      }
    }
  `);

  const input = (content: FileContent, mapping?: Mapping | null): Input => ({
    fileName: content.fileName,
    content: content.content,
    base64: content.base64,
    accountId: account || null,
    ...(mapping ? { mapping: mappingInput(mapping) as Input['mapping'] } : {}),
  });
  const load = (content: FileContent, mapping?: Mapping | null) => {
    setError(undefined);
    runPreview(
      { input: input(content, mapping) },
      {
        failure: IMPORT_MESSAGES.previewFailed,
        onFieldErrors: (errors) => setError(Object.values(errors)[0]),
        onDone: (response) => {
          setPreview(response.previewImport);
          setChoices(new Map());
        },
      },
    );
  };
  const choose = async (chosen: File | undefined) => {
    setResult(null);
    setPreview(null);
    if (!chosen) return setFile(null);
    if (chosen.size > MAX_FILE_BYTES) return setError('The file must be at most 10 MB');
    const content = await readChosenFile(chosen);
    setFile(content);
    load(content);
  };
  const rows = preview?.rows ?? [];
  const totals = importTotals(rows, choices);
  const mapping = preview?.mapping ?? null;
  const ready = !!file && !!preview && (!mapping || !!mapping.dateFormat) && totals.transactions + totals.paychecks > 0;
  const submit = () =>
    file &&
    commit(
      { input: { ...input(file, mapping), rows: changedRows(rows, choices) } },
      {
        failure: IMPORT_MESSAGES.importFailed,
        onFieldErrors: (errors) => setError(Object.values(errors)[0]),
        onDone: ({ commitImport }) => {
          const message = importedMessage(commitImport.import);
          toast({ title: message });
          setResult(message);
          setPreview(null);
          setFile(null);
          setVersion((v) => v + 1);
          onImported();
        },
      },
    );
  return (
    <Dialog
      open={open}
      onOpenChange={(opening) => {
        if (opening) setAccount(preselected);
        setOpen(opening);
      }}
      title="Import transactions"
      description="A CSV, OFX or QFX file from your bank, up to 10 MB. Nothing is written until you import."
      trigger={
        <Button type="button" $variant="secondary">
          <Upload aria-hidden /> Import
        </Button>
      }
    >
      <Body>
        <Field label="File" error={error}>
          <Input
            type="file"
            accept=".csv,.ofx,.qfx,.txt,text/csv,application/x-ofx"
            disabled={previewing || importing}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Field>
        <Field label="Account">
          <Select value={account} onChange={(e) => setAccount(e.target.value)}>
            <option value="">No account</option>
            {accounts.accounts.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </Select>
        </Field>
        {result && <Result role="status">{result}</Result>}
        {previewing && <Muted role="status">Reading the file…</Muted>}
        {preview && file && (
          <>
            {mapping && (
              <>
                {mapping.remembered && <Muted>Using the mapping you chose last time for this layout.</Muted>}
                <Mapping open={showMapping || !mapping.dateFormat} onToggle={(e) => setShowMapping(e.currentTarget.open)}>
                  <summary>
                    Columns and formats: {mapping.columns[mapping.date]}, {mapping.columns[mapping.description]},{' '}
                    {mapping.amount != null ? mapping.columns[mapping.amount] : 'Debit and Credit'}
                  </summary>
                  <MappingControls
                    mapping={mapping}
                    disabled={previewing || importing}
                    onChange={(next) => {
                      setShowMapping(true);
                      load(file, next);
                    }}
                  />
                </Mapping>
              </>
            )}
            <Totals aria-label="Import totals">
              <span>
                {plural(totals.transactions, 'transaction')}, <strong>{formatMoney(totals.spent)}</strong>
              </span>
              <span>
                {plural(totals.paychecks, 'paycheck')}, <strong>{formatMoney(totals.earned)}</strong>
              </span>
              {totals.duplicates > 0 && <span>{plural(totals.duplicates, 'duplicate')} skipped</span>}
              {totals.errors > 0 && <span>{plural(totals.errors, 'row')} with errors</span>}
            </Totals>
            <PreviewRows
              rows={rows}
              choices={choices}
              categories={categories}
              onChoose={(index: number, choice: RowChoice) => setChoices((map) => new Map(map).set(index, choice))}
            />
          </>
        )}
        <ImportHistory version={version} onUndone={onImported} />
      </Body>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => setOpen(false)}>
          Done
        </Button>
        <Button type="button" disabled={!ready || importing || previewing} onClick={submit}>
          Import {totals.transactions + totals.paychecks || ''} rows
        </Button>
      </Actions>
    </Dialog>
  );
}

const Body = styled.div`
  display: flex;
  flex-direction: column;
  gap: 1rem;
  min-height: 0;
  overflow-y: auto;
  margin: -0.25rem;
  padding: 0.25rem;
`;
const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1rem;
  flex: none;
`;
const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.88rem;
`;
const Result = styled.p`
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.successSoft};
  color: ${({ theme }) => theme.color.success};
  font-weight: 600;
`;
const Mapping = styled.details`
  summary {
    cursor: pointer;
    font-weight: 600;
    font-size: 0.9rem;
    margin-bottom: 0.75rem;
  }
`;
const Totals = styled.p`
  display: flex;
  flex-wrap: wrap;
  gap: 0.4rem 1rem;
  font-size: 0.9rem;
  strong {
    font-variant-numeric: tabular-nums;
  }
`;
