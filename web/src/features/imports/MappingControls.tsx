import styled from 'styled-components';
import type {
  ExpenseSign,
  ImportDateFormat,
  ImportDialogPreviewMutation$data,
  ImportMappingInput,
} from '../../__generated__/ImportDialogPreviewMutation.graphql.ts';
import { Field, Select } from '../../components/Form.tsx';
import { DATE_FORMAT_NAMES, DATE_FORMATS } from '../../../../shared/inputs/imports.ts';

/** The CSV mapping as the preview returns it (GraphQL enum names for the date format and delimiter). */
export type Mapping = NonNullable<ImportDialogPreviewMutation$data['previewImport']['mapping']>;

/** Each date format (MM/DD/YYYY…) by its GraphQL name, in the order the select lists them. */
const DATE_FORMAT_LABELS: Record<string, string> = Object.fromEntries(DATE_FORMATS.map((f) => [DATE_FORMAT_NAMES[f], f]));

/** The mapping as the import sends it back: every field but what only the preview tells, the date format only once chosen. */
export function mappingInput({ columns: _columns, dateFormats: _dateFormats, remembered: _remembered, dateFormat, ...fields }: Mapping) {
  return { ...fields, ...(dateFormat ? { dateFormat } : {}) } satisfies ImportMappingInput;
}

const SPLIT = 'split';

/**
 * The columns, date format and sign convention of a CSV file, as detected; a change previews the
 * file again with it. An ambiguous date format is asked, never guessed.
 */
export function MappingControls({ mapping, onChange, disabled }: { mapping: Mapping; onChange(next: Mapping): void; disabled?: boolean }) {
  const columns = mapping.columns.map((name, i) => (
    <option key={i} value={i}>
      {name}
    </option>
  ));
  const set = (changes: Partial<Mapping>) => onChange({ ...mapping, ...changes });
  const column = (value: string) => Number(value);
  const ambiguous = !mapping.dateFormat;
  return (
    <Grid aria-label="Column mapping">
      <Field label="Date column">
        <Select value={mapping.date} disabled={disabled} onChange={(e) => set({ date: column(e.target.value) })}>
          {columns}
        </Select>
      </Field>
      <Field label="Description column">
        <Select value={mapping.description} disabled={disabled} onChange={(e) => set({ description: column(e.target.value) })}>
          {columns}
        </Select>
      </Field>
      <Field label="Amount column">
        <Select
          value={mapping.amount ?? SPLIT}
          disabled={disabled}
          onChange={(e) =>
            e.target.value === SPLIT
              ? set({ amount: null, debit: mapping.debit ?? 0, credit: mapping.credit ?? 0 })
              : set({ amount: column(e.target.value), debit: null, credit: null })
          }
        >
          {columns}
          <option value={SPLIT}>Separate debit and credit columns</option>
        </Select>
      </Field>
      {mapping.amount == null && (
        <>
          <Field label="Debit column (money out)">
            <Select value={mapping.debit ?? 0} disabled={disabled} onChange={(e) => set({ debit: column(e.target.value) })}>
              {columns}
            </Select>
          </Field>
          <Field label="Credit column (money in)">
            <Select value={mapping.credit ?? 0} disabled={disabled} onChange={(e) => set({ credit: column(e.target.value) })}>
              {columns}
            </Select>
          </Field>
        </>
      )}
      <Field
        label="Date format"
        error={
          ambiguous ? `These dates could be ${mapping.dateFormats.map((f) => DATE_FORMAT_LABELS[f]).join(' or ')}: choose one` : undefined
        }
      >
        <Select
          value={mapping.dateFormat ?? ''}
          disabled={disabled}
          onChange={(e) => set({ dateFormat: e.target.value as ImportDateFormat })}
        >
          {ambiguous && <option value="">Choose…</option>}
          {Object.entries(DATE_FORMAT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
      {mapping.amount != null && (
        <Field label="Expenses are">
          <Select value={mapping.expenses} disabled={disabled} onChange={(e) => set({ expenses: e.target.value as ExpenseSign })}>
            <option value="negative">Negative (-12.50)</option>
            <option value="positive">Positive (12.50)</option>
          </Select>
        </Field>
      )}
      <Field label="Decimal separator">
        <Select
          value={mapping.decimalComma ? ',' : '.'}
          disabled={disabled}
          onChange={(e) => set({ decimalComma: e.target.value === ',' })}
        >
          <option value=".">Point (1,234.50)</option>
          <option value=",">Comma (1.234,50)</option>
        </Select>
      </Field>
    </Grid>
  );
}

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.75rem;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
