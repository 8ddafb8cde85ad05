import { fromGlobalId } from '../../lib/global-id.ts';

export type BudgetRole = 'OWNER' | 'EDITOR' | 'VIEWER';

/** docs/product.md#shared-budgets: what each role may do, in a word. */
export const ROLE_LABEL: Record<string, string> = { OWNER: 'Owner', EDITOR: 'Editor', VIEWER: 'Viewer' };

/** Under the role's name where one is chosen (an invitation, a member's role). */
export const ROLE_HINT: Record<string, string> = {
  OWNER: 'Everything, members included.',
  EDITOR: 'Adds, changes and deletes every record; not the members.',
  VIEWER: 'Sees everything; changes nothing.',
};

export const roleTone = (role: string) => (role === 'OWNER' ? 'primary' : role === 'VIEWER' ? 'neutral' : 'success');

/** The raw id of a budget (the server's row id; the user's own id for their personal budget) from its global id. */
export const budgetRawId = (globalId: string) => fromGlobalId('Budget', globalId);
