import { Suspense, useId, type ComponentProps } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { PayeeFieldQuery } from '../../__generated__/PayeeFieldQuery.graphql.ts';
import { Field, Input } from '../../components/Form.tsx';
import { PAYEE_MAX } from '../../../../shared/inputs/payees.ts';

/**
 * A record's payee (docs/product.md#payees): free text, with the user's payees offered as they
 * type (a name is found whatever its case, or becomes a new payee). The input's own props are the
 * form's `{...form.register('payee')}`.
 */
export function PayeeField({ label = 'Payee (optional)', error, ...input }: { label?: string; error?: string } & ComponentProps<'input'>) {
  const listId = useId();
  return (
    <>
      <Field label={label} error={error}>
        <Input {...input} list={listId} maxLength={PAYEE_MAX} autoComplete="off" placeholder="e.g. Trader Joe's" />
      </Field>
      {/* The choices come once the field is on screen; typing works before. */}
      <Suspense fallback={null}>
        <PayeeOptions id={listId} />
      </Suspense>
    </>
  );
}

/** The user's payees as a `<datalist>` (an input's `list`): read when it is first drawn. */
export function PayeeOptions({ id }: { id: string }) {
  const { viewer } = useLazyLoadQuery<PayeeFieldQuery>(
    graphql`
      query PayeeFieldQuery {
        viewer {
          allPayees {
            id
            name
          }
        }
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  return (
    <datalist id={id}>
      {viewer.allPayees.map((p) => (
        <option key={p.id} value={p.name} />
      ))}
    </datalist>
  );
}
