import { graphql, useFragment } from 'react-relay';
import type { usePayeeOptions_viewer$key } from '../../__generated__/usePayeeOptions_viewer.graphql.ts';

export type PayeeOption = { readonly id: string; readonly name: string };

/** Every payee of the user, by name: the choices of Filter by Payee (docs/product.md#payees). */
export function usePayeeOptions(viewer: usePayeeOptions_viewer$key): readonly PayeeOption[] {
  const data = useFragment(
    graphql`
      fragment usePayeeOptions_viewer on User {
        allPayees {
          id
          name
        }
      }
    `,
    viewer,
  );
  return data.allPayees.map((p) => ({ id: p.id, name: p.name }));
}
