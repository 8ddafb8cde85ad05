import type { ReactNode } from 'react';
import { Field } from '../../components/Form.tsx';
import { RecordSelect, type SelectProps } from '../../components/RecordSelect.tsx';
import type { AccountOption } from './use-account-options.ts';

/**
 * An Account select with its label: the user's accounts, after "No account" (or "Choose an
 * account" when the record needs one, a transfer's two sides), or after `children` (a filter's
 * "All accounts"). The select's own props are the form's `{...form.register(field)}` or a
 * filter's `value` and `onChange`.
 */
export function AccountField({
  label = 'Account',
  accounts,
  error,
  required = false,
  children,
  ...select
}: { label?: string; accounts: readonly AccountOption[]; error?: string; required?: boolean; children?: ReactNode } & SelectProps) {
  return (
    <Field label={label} error={error}>
      <RecordSelect records={accounts} {...select}>
        {children ?? <option value="">{required ? 'Choose an account' : 'No account'}</option>}
      </RecordSelect>
    </Field>
  );
}
