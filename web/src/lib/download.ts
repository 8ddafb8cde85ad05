import { graphqlHeaders } from '../relay/graphql-request.ts';
import { budgetHeaders, withBudget } from '../relay/budget-selection.ts';
import { httpError } from './http-error.ts';

/**
 * Downloads an export of the tab's budget from the server under the name it gives (Content-Disposition). Resolves
 * false when the server has no data for it (404), throws the HTTP error (docs/product.md#messages-and-errors) otherwise.
 */
export async function downloadExport(path: string): Promise<boolean> {
  const res = await fetch(withBudget(path), {
    credentials: 'same-origin',
    headers: { 'x-time-zone': graphqlHeaders()['x-time-zone']!, ...budgetHeaders() },
  });
  if (res.status === 404) return false;
  if (!res.ok) throw await httpError(res);
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'export';
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
