import { useReducer } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Upload } from 'lucide-react';
import type { ImportDialogPreviewMutation } from '../../__generated__/ImportDialogPreviewMutation.graphql.ts';
import type { ImportDialogCommitMutation } from '../../__generated__/ImportDialogCommitMutation.graphql.ts';
import { useToast } from '../../app/toasts.tsx';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Dialog } from '../../components/Dialog.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { AccountField } from '../accounts/AccountField.tsx';
import { formatMoney } from '../../lib/money.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import type { AccountOptions } from '../accounts/use-account-options.ts';
import '../accounts/account-balances.ts';
import { FILE_TOO_LARGE_MESSAGE, MAX_IMPORT_BYTES, MAX_IMPORT_MB } from '../../../../shared/inputs/imports.ts';
import { readChosenFile, type FileContent } from './file-content.ts';
import { importDialogReducer, initialImportState, shownPreview } from './import-flow.ts';
import { changedRows, importedMessage, importTotals, plural, type Choices } from './import-rows.ts';
import { IMPORT_MESSAGES } from './import-messages.ts';
import { ImportHistory, useRefetchImportHistory } from './ImportHistory.tsx';
import { MappingControls, mappingInput, type Mapping } from './MappingControls.tsx';
import { PreviewRows } from './PreviewRows.tsx';
import { useReadOnlyControl } from '../../app/read-only.tsx';

type PreviewInput = ImportDialogPreviewMutation['variables']['input'];

/**
 * Import (docs/product.md#import): choose a CSV, OFX or QFX file, check the detected mapping and
 * the preview (rows ticked, categories, duplicates and errors), import the ticked rows at once;
 * the history below lists past imports with Undo. The account is `accountId` (an account's
 * screen), else the default account, as each time the dialog opens. Where the import stands is
 * one state (import-flow.ts).
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
  const preselected = accountId ?? accounts.defaultId;
  const [state, dispatch] = useReducer(importDialogReducer, preselected, initialImportState);
  const refetchHistory = useRefetchImportHistory();
  const toast = useToast();
  const [runPreview] = useMutationAction<ImportDialogPreviewMutation>(graphql`
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
          payee
          ruleIds
          movement
          transferAccountId
          match {
            record
            kind
            date
            description
            enteredByHand
          }
          matchCandidates {
            record
            kind
            date
            description
            enteredByHand
            amount
          }
          transferMatch {
            record
            date
            description
            accountId
          }
          error
          include
        }
      }
    }
  `);
  const [commit] = useMutationAction<ImportDialogCommitMutation>(graphql`
    mutation ImportDialogCommitMutation($input: CommitImportInput!) {
      commitImport(input: $input) {
        import {
          id
          transactionCount
          paycheckCount
          transferCount
          skippedCount
        }
        viewer {
          ...accountBalances_viewer
        }
      }
    }
  `);

  const input = (content: FileContent, mapping?: Mapping | null): PreviewInput => ({
    fileName: content.fileName,
    content: content.content,
    base64: content.base64,
    accountId: state.account || null,
    ...(mapping ? { mapping: mappingInput(mapping) } : {}),
  });
  const refused = (errors: Record<string, string>) => dispatch({ type: 'refused', error: Object.values(errors)[0]! });
  const failed = () => dispatch({ type: 'failed' });
  const load = (content: FileContent, mapping?: Mapping | null) => {
    dispatch({ type: 'previewAsked', file: content });
    runPreview(
      { input: input(content, mapping) },
      {
        failure: IMPORT_MESSAGES.previewFailed,
        onFieldErrors: refused,
        onFailed: failed,
        onDone: (response) => dispatch({ type: 'previewed', preview: response.previewImport }),
      },
    );
  };
  const choose = async (chosen: File | undefined) => {
    if (chosen && chosen.size > MAX_IMPORT_BYTES) return dispatch({ type: 'fileRefused', error: FILE_TOO_LARGE_MESSAGE });
    dispatch({ type: 'fileChosen' });
    if (chosen) load(await readChosenFile(chosen));
  };
  const { step } = state.import;
  const previewing = step === 'reading';
  const importing = step === 'importing';
  const shown = shownPreview(state.import);
  const rows = shown?.preview.rows ?? [];
  const choices: Choices = shown?.choices ?? new Map();
  const totals = importTotals(rows, choices);
  const mapping = shown?.preview.mapping ?? null;
  const written = totals.transactions + totals.paychecks + totals.transfers;
  const ready = step === 'previewed' && (!mapping || !!mapping.dateFormat) && written > 0;
  const submit = () => {
    if (!shown) return;
    dispatch({ type: 'importAsked' });
    commit(
      { input: { ...input(shown.file, mapping), rows: changedRows(rows, choices) } },
      {
        failure: IMPORT_MESSAGES.importFailed,
        onFieldErrors: refused,
        onFailed: failed,
        onDone: ({ commitImport }) => {
          const message = importedMessage(commitImport.import);
          toast({ title: message });
          dispatch({ type: 'imported', message });
          refetchHistory();
          onImported();
        },
      },
    );
  };
  const readOnly = useReadOnlyControl();
  return (
    <Dialog
      open={state.open}
      onOpenChange={(opening) => dispatch(opening ? { type: 'opened', account: preselected } : { type: 'closed' })}
      title="Import transactions"
      description={`A CSV, OFX or QFX file from your bank, up to ${MAX_IMPORT_MB} MB. Nothing is written until you import.`}
      trigger={
        <Button type="button" $variant="secondary" {...readOnly}>
          <Upload aria-hidden /> Import
        </Button>
      }
    >
      <Body>
        <Field label="File" error={state.error}>
          <Input
            type="file"
            accept=".csv,.ofx,.qfx,.txt,text/csv,application/x-ofx"
            disabled={previewing || importing}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </Field>
        <AccountField
          accounts={accounts.accounts}
          value={state.account}
          onChange={(e) => dispatch({ type: 'accountChosen', account: e.target.value })}
        />
        {state.import.step === 'done' && <Result role="status">{state.import.message}</Result>}
        {previewing && <Muted role="status">Reading the file…</Muted>}
        {shown && (
          <>
            {mapping && (
              <>
                {mapping.remembered && <Muted>Using the mapping you chose last time for this layout.</Muted>}
                <MappingDetails
                  open={state.mappingShown || !mapping.dateFormat}
                  onToggle={(e) => dispatch({ type: 'mappingShown', shown: e.currentTarget.open })}
                >
                  <summary>
                    Columns and formats: {mapping.columns[mapping.date]}, {mapping.columns[mapping.description]},{' '}
                    {mapping.amount != null ? mapping.columns[mapping.amount] : 'Debit and Credit'}
                  </summary>
                  <MappingControls
                    mapping={mapping}
                    disabled={previewing || importing}
                    onChange={(next) => {
                      dispatch({ type: 'mappingShown', shown: true });
                      load(shown.file, next);
                    }}
                  />
                </MappingDetails>
              </>
            )}
            <Totals aria-label="Import totals">
              <span>
                {plural(totals.transactions, 'transaction')}, <strong>{formatMoney(totals.spent)}</strong>
              </span>
              <span>
                {plural(totals.paychecks, 'paycheck')}, <strong>{formatMoney(totals.earned)}</strong>
              </span>
              {totals.transfers > 0 && <span>{plural(totals.transfers, 'transfer')}</span>}
              {totals.duplicates > 0 && <span>{plural(totals.duplicates, 'duplicate')} skipped</span>}
              {totals.errors > 0 && <span>{plural(totals.errors, 'row')} with errors</span>}
            </Totals>
            <PreviewRows
              rows={rows}
              choices={choices}
              categories={categories}
              accounts={accounts.accounts}
              accountId={state.account}
              onChoose={(index, choice) => dispatch({ type: 'rowChosen', index, choice })}
            />
          </>
        )}
        <ImportHistory onUndone={onImported} />
      </Body>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => dispatch({ type: 'closed' })}>
          Done
        </Button>
        <Button type="button" disabled={!ready} onClick={submit}>
          Import {written || ''} rows
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
const MappingDetails = styled.details`
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
