import styled from 'styled-components';
import { Field, Select } from '../../components/Form.tsx';

/** The CSV mapping as the preview returns it (GraphQL enum names for the date format and delimiter). */
export interface Mapping {
  readonly delimiter: string;
  readonly headerRow: number;
  readonly columns: readonly string[];
  readonly date: number;
  readonly description: number;
  readonly amount: number | null | undefined;
  readonly debit: number | null | undefined;
  readonly credit: number | null | undefined;
  readonly category: number | null | undefined;
  readonly dateFormat: string | null | undefined;
  readonly dateFormats: readonly string[];
  readonly decimalComma: boolean;
  readonly expenses: string;
}

export const DATE_FORMAT_LABELS: Record<string, string> = {
  MM_DD_YYYY: 'MM/DD/YYYY',
  DD_MM_YYYY: 'DD/MM/YYYY',
  YYYY_MM_DD: 'YYYY-MM-DD',
  DD_MM_YYYY_DOTS: 'DD.MM.YYYY',
};

/** The mapping as the import sends it back: every field, the date format only once chosen. */
export function mappingInput(m: Mapping) {
  return {
    delimiter: m.delimiter,
    headerRow: m.headerRow,
    date: m.date,
    description: m.description,
    amount: m.amount ?? null,
    debit: m.debit ?? null,
    credit: m.credit ?? null,
    category: m.category ?? null,
    decimalComma: m.decimalComma,
    expenses: m.expenses,
    ...(m.dateFormat ? { dateFormat: m.dateFormat } : {}),
  };
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
        <Select value={mapping.dateFormat ?? ''} disabled={disabled} onChange={(e) => set({ dateFormat: e.target.value })}>
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
          <Select value={mapping.expenses} disabled={disabled} onChange={(e) => set({ expenses: e.target.value })}>
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
