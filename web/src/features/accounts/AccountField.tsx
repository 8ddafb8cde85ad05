import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field, Select } from '../../components/Form.tsx';
import type { AccountOption } from './use-account-options.ts';

/**
 * An Account select of a form: the user's accounts, and "No account" unless the record needs one
 * (a transfer's two sides). `registration` is the form's `register(field)`.
 */
export function AccountField({
  label = 'Account',
  accounts,
  registration,
  error,
  required = false,
}: {
  label?: string;
  accounts: readonly AccountOption[];
  registration: UseFormRegisterReturn;
  error?: string;
  required?: boolean;
}) {
  return (
    <Field label={label} error={error}>
      <Select {...registration}>
        {required ? <option value="">Choose an account</option> : <option value="">No account</option>}
        {accounts.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
