import styled from 'styled-components';
import { reportWindowInput } from '../../../../shared/inputs/reports.ts';
import { Button } from '../../components/Button.tsx';
import { Field, Input } from '../../components/Form.tsx';
import { useSchemaForm } from '../../lib/forms.ts';
import type { ReportView } from './report-url.ts';

/** The custom range's days, checked with the shared rules (the URL's and the server's) before the URL changes. */
export function CustomRange({ view, onApply }: { view: ReportView; onApply(from: string, to: string): void }) {
  const form = useSchemaForm(reportWindowInput, { from: view.from, to: view.to });
  const { errors } = form.formState;
  return (
    <Range onSubmit={form.handleSubmit(({ from, to }) => onApply(from ?? '', to ?? ''))} aria-label="Custom range" noValidate>
      <Field label="From" error={errors.from?.message}>
        <Input type="date" {...form.register('from')} />
      </Field>
      <Field label="To" error={errors.to?.message}>
        <Input type="date" {...form.register('to')} />
      </Field>
      <Button type="submit">Apply</Button>
    </Range>
  );
}

const Range = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 0.75rem;
  margin: -0.25rem 0 1rem;
  & > div {
    min-width: 10rem;
  }
  & > button {
    margin-top: 1.6rem;
  }
`;
