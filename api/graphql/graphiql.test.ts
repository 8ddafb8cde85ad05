import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/test-server.ts';
import { signUp } from '../test/sign-in.ts';

// GraphiQL's page is loaded on its first visit (yoga.ts): it still comes, whole, to a signed-in browser.
let server: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('GraphiQL', () => {
  it('serves its self-contained page to a signed-in browser, with the only CSP that allows inline scripts', async () => {
    const { client } = await signUp(server.base);
    const res = await client.request('/graphql', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self' 'unsafe-inline'");
    const html = await res.text();
    expect(html).toContain('<title>Budget API</title>');
    expect(html.length).toBeGreaterThan(1_000_000); // the editor and its workers inline, no CDN
    expect(html).not.toMatch(/<script[^>]+src="https?:/);
  });
});
