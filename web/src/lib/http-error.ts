/**
 * docs/product.md#messages-and-errors: a failed call raises an error whose message is the status code, ": ", then the
 * response body text (or the status text when the body is empty).
 */
export async function httpError(res: Response): Promise<Error> {
  const text = await res.text().catch(() => '');
  return new Error(`${res.status}: ${text || res.statusText}`);
}

/** docs/product.md#messages-and-errors: an error whose message starts with 401 and contains "Unauthorized". */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}
