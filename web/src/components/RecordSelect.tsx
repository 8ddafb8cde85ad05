import type { ComponentProps, ReactNode } from 'react';
import { Select } from './Form.tsx';

export type SelectProps = Omit<ComponentProps<typeof Select>, 'children'>;

/**
 * A select among the user's own records (accounts, categories): `children` are the choices that
 * come first ("No account", "All accounts", …), then one per record. The rest are the select's
 * own props: a form field's `{...form.register(field)}`, or a filter's `value` and `onChange`.
 */
export function RecordSelect({
  records,
  children,
  ...select
}: { records: readonly { id: string; name: string }[]; children: ReactNode } & SelectProps) {
  return (
    <Select {...select}>
      {children}
      {records.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
        </option>
      ))}
    </Select>
  );
}
