import { graphql, useFragment } from 'react-relay';
import type { useAccountOptions_viewer$key } from '../../__generated__/useAccountOptions_viewer.graphql.ts';

export type AccountOption = { readonly id: string; readonly name: string; readonly isDefault: boolean };
export type AccountOptions = ReturnType<typeof useAccountOptions>;

/**
 * Every account, as the choices of an Account select (docs/product.md#account-ledgers): accounts
 * are few, so the list is read whole (`allAccounts`). `defaultId` preselects the default account.
 */
export function useAccountOptions(viewer: useAccountOptions_viewer$key) {
  const { allAccounts } = useFragment(
    graphql`
      fragment useAccountOptions_viewer on User {
        allAccounts {
          id
          name
          isDefault
        }
      }
    `,
    viewer,
  );
  const accounts: readonly AccountOption[] = allAccounts.map((a) => ({ id: a.id, name: a.name, isDefault: a.isDefault }));
  return { accounts, defaultId: accounts.find((a) => a.isDefault)?.id ?? '' };
}
