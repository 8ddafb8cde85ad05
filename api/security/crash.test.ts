import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/sign-in.ts';
import { openDatabase } from '../db/database.ts';
import { serverBundle } from '../scripts/build-server.ts';
import { Decimal } from '../lib/money.ts';

// Crash safety on the embedded database: the real server is killed with SIGKILL at random
// moments during a stream of writes, 12 times, and restarted on the same folder each time.
const ROUNDS = 12;
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'budget-crash-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function freePort() {
  const srv = net.createServer().listen(0);
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

async function start(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SERVE_WEB: 'false',
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => output.includes('listening on') && (clearInterval(timer), resolve()), 25);
    child.once('exit', (code) => (clearInterval(timer), reject(new Error(`server exited (${code}): ${output}`))));
  });
  return child;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));

describe('crash safety (PGlite)', () => {
  it(`restarts after ${ROUNDS} SIGKILLs during writes, with every acknowledged write and no half-applied change`, async () => {
    const port = await freePort();
    const base = `http://localhost:${port}`;
    let server = await start(port);
    const { client } = await signUp(base);
    const json = async (res: Response) => ({ status: res.status, body: await res.json() });
    const bill = (
      await json(
        await client.request('/api/recurring-bills', {
          method: 'POST',
          json: { name: 'Crash bill', amount: '10.00', frequency: 'weekly', dueDay: 1, nextDueDate: '2026-01-05' },
        }),
      )
    ).body;
    for (const name of ['A', 'B', 'C']) await client.request('/api/budget-categories', { method: 'POST', json: { name, type: 'bills' } });
    const account = async (name: string) =>
      (
        await json(
          await client.request('/api/accounts', {
            method: 'POST',
            json: { name, type: 'checking', balance: '1000.00', startingDate: '2000-01-01' },
          }),
        )
      ).body.id;
    const [checking, savings] = [await account('Checking'), await account('Savings')];
    const categories = (await json(await client.request('/api/budget-categories'))).body.map((c: { id: string }) => c.id);

    const acknowledged: string[] = [];
    let lastSave = -1;
    let restarts = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let stop = false;
      const writer = (async () => {
        for (let n = 0; !stop; n++) {
          try {
            const kind = n % 4;
            if (kind === 0) {
              const description = `r${round}-w${n}`;
              const res = await client.request('/api/transactions', {
                method: 'POST',
                json: { amount: '1.01', description, date: '2026-01-01', accountId: checking },
              });
              if (res.status === 201) acknowledged.push(description);
            } else if (kind === 1) {
              await client.request('/api/bill-payments', {
                method: 'POST',
                json: { recurringBillId: bill.id, amount: '10.00', paidDate: '2026-01-01', accountId: checking },
              });
            } else if (kind === 2) {
              await client.request('/api/transfers', {
                method: 'POST',
                json: {
                  fromAccountId: n % 8 < 4 ? checking : savings,
                  toAccountId: n % 8 < 4 ? savings : checking,
                  amount: '2.50',
                  date: '2026-01-02',
                },
              });
            } else {
              const value = round * 1000 + n;
              const res = await client.request('/api/budget-categories/bulk', {
                method: 'PUT',
                json: categories.map((id: string) => ({ id, allocatedAmount: `${value}.00`, allocatedPercentage: 1 })),
              });
              if (res.status === 200) lastSave = value;
            }
          } catch {
            return; // the server is gone
          }
        }
      })();
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 900));
      server.kill('SIGKILL');
      stop = true;
      await exited(server);
      await writer;
      server = await start(port);
      restarts++;
    }

    // Everything acknowledged is there; multi-row changes are whole.
    const transactions: { description: string; amount: string; accountId: string | null }[] = (
      await json(await client.request('/api/transactions'))
    ).body;
    const present = new Set(transactions.map((t) => t.description));
    const lost = acknowledged.filter((d) => !present.has(d));
    const payments = (await json(await client.request('/api/bill-payments'))).body.length;
    const paymentExpenses = transactions.filter((t) => t.description === 'Crash bill').length;
    const dueDate = (await json(await client.request('/api/recurring-bills'))).body[0].nextDueDate;
    const expectedDue = new Date(Date.UTC(2026, 0, 5 + 7 * payments)).toISOString().slice(0, 10);
    // Every balance is what its rows say: 1000.00 plus every change acknowledged or not, none half-applied.
    const transfers: { fromAccountId: string; toAccountId: string; amount: string }[] = (await json(await client.request('/api/transfers')))
      .body;
    const fromRows = (id: string) =>
      [
        ...transactions.filter((t) => t.accountId === id).map((t) => new Decimal(t.amount).negated()),
        ...transfers.map((t) =>
          t.fromAccountId === id ? new Decimal(t.amount).negated() : t.toAccountId === id ? new Decimal(t.amount) : new Decimal(0),
        ),
      ]
        .reduce((sum, change) => sum.plus(change), new Decimal('1000.00'))
        .toFixed(2);
    const accounts: { id: string; balance: string }[] = (await json(await client.request('/api/accounts'))).body;
    const ledgerExact = accounts.every((a) => a.balance === fromRows(a.id));
    const allocations = new Set(
      (await json(await client.request('/api/budget-categories'))).body.map((c: { allocatedAmount: string }) => c.allocatedAmount),
    );
    console.log(
      `crash: ${restarts}/${ROUNDS} restarts after SIGKILL, ${acknowledged.length} acknowledged writes, lost: ${lost.length}, ${payments} bill payments (each with its expense and due date move: ${payments === paymentExpenses && dueDate === expectedDue}), ${transfers.length} transfers, balances exact: ${ledgerExact} (${accounts.map((a) => a.balance).join(' / ')})`,
    );
    expect(ledgerExact).toBe(true);
    expect(restarts).toBe(ROUNDS);
    expect(lost).toEqual([]);
    expect(paymentExpenses).toBe(payments);
    expect(dueDate).toBe(expectedDue);
    expect(allocations.size).toBe(1);
    expect(Number.parseInt([...allocations][0] as string, 10)).toBeGreaterThanOrEqual(lastSave);

    // SIGTERM: a clean stop; the folder opens again with everything in it.
    server.kill('SIGTERM');
    expect(await exited(server)).toBe(0);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    expect(await db.prisma.transaction.count()).toBe(transactions.length);
    await db.close();
  }, 600_000);
});
