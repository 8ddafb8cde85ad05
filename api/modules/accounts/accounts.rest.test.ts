import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();

describe('REST /api/accounts', () => {
  it('lists, creates, sets default and deletes', async () => {
    const call = (await h.user()).rest;
    expect((await call('GET', '/api/accounts')).body).toEqual([]);
    const a = await call('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1234.50', isDefault: 0, notes: null });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: 'Checking', type: 'checking', balance: '1234.50', isDefault: 1, notes: null });
    const b = await call('POST', '/api/accounts', { name: 'Savings', type: 'savings', balance: '-5' });
    expect(b.body).toMatchObject({ balance: '-5.00', isDefault: 0 });
    const put = await call('PUT', `/api/accounts/${b.body.id}`, { isDefault: 1 });
    expect(put.body.isDefault).toBe(1);
    const list = (await call('GET', '/api/accounts')).body;
    expect(list.map((x: any) => [x.name, x.isDefault])).toEqual([
      ['Checking', 0],
      ['Savings', 1],
    ]);
    expect((await call('DELETE', `/api/accounts/${a.body.id}`)).status).toBe(204);
    expect((await call('GET', '/api/accounts')).body).toHaveLength(1);
  });

  it('answers 400 with the message, 404 for unknown or foreign ids, 401 signed out, 413/415 for bodies it cannot take', async () => {
    const alice = (await h.user()).rest;
    const bob = (await h.user()).rest;
    const bad = await alice('POST', '/api/accounts', { name: 'A', type: 'cash', balance: 'abc' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      message: 'Balance must be a valid number',
      errors: [{ path: ['balance'], message: 'Balance must be a valid number' }],
    });
    const mine = await alice('POST', '/api/accounts', { name: 'Mine', type: 'cash' });
    for (const [method, path] of [
      ['DELETE', `/api/accounts/${mine.body.id}`],
      ['PUT', `/api/accounts/${mine.body.id}`],
      ['DELETE', '/api/accounts/does-not-exist'],
      ['GET', '/api/no-such-route'],
    ] as const) {
      const missing = await bob(method, path, method === 'PUT' ? { isDefault: 1 } : undefined);
      expect([missing.status, missing.text], `${method} ${path}`).toEqual([404, '{"message":"Not found"}']);
    }
    const malformed = await alice('POST', '/api/accounts', '{"name": "A", "type": ');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: 'Request body is not valid JSON' });
    const huge = await alice('POST', '/api/accounts', { name: 'A', type: 'cash', notes: 'x'.repeat(1_100_000) });
    expect(huge.status).toBe(413);
    const signedOut = await h.signedOut()('GET', '/api/accounts');
    expect(signedOut.status).toBe(401);
    expect(signedOut.text).toBe('{"message":"Unauthorized"}');
    const form = await alice('POST', '/api/accounts', 'name=x&type=cash', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect((await alice('GET', '/api/accounts')).body).toHaveLength(1);
  });
});
