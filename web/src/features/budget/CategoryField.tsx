import type { ReactNode } from 'react';
import { Field } from '../../components/Form.tsx';
import { RecordSelect, type SelectProps } from '../../components/RecordSelect.tsx';
import type { CategoryOption } from './use-category-options.ts';

/**
 * A Category select with its label, AccountField's counterpart: the user's budget categories,
 * after "Uncategorized" or after `children` (a filter's "All Transactions", a bill's "No category").
 */
export function CategoryField({
  label = 'Category',
  categories,
  error,
  children,
  ...select
}: { label?: string; categories: readonly CategoryOption[]; error?: string; children?: ReactNode } & SelectProps) {
  return (
    <Field label={label} error={error}>
      <RecordSelect records={categories} {...select}>
        {children ?? <option value="">Uncategorized</option>}
      </RecordSelect>
    </Field>
  );
}
