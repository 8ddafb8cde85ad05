import { describe, expect, it, vi } from 'vitest';
import { setTimeout as sleep } from 'node:timers/promises';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { testDatabaseKind } from '../../test/test-database.ts';

/**
 * The export pauses at its first break between tables (after the accounts, before the transfers)
 * for as long as the test wants: the pause a long export of a large account has between batches.
 */
const pause = vi.hoisted(() => {
  const state = { armed: false, reached: () => {}, resume: Promise.resolve() };
  return state;
});
vi.mock('../../lib/work-in-slices.ts', async (original) => {
  const mod = await original<typeof import('../../lib/work-in-slices.ts')>();
  return {
    letOthersIn: async () => {
      if (pause.armed) {
        pause.armed = false;
        pause.reached();
        await pause.resume;
      }
      return mod.letOthersIn();
    },
  };
});

const h = useModuleHarness();

type Row = {
  id: string;
  balance?: string;
  amount: string;
  fromAccountId?: string | null;
  toAccountId?: string | null;
  accountId?: string | null;
};

describe(`export of everything: one snapshot (${testDatabaseKind()})`, () => {
  it('a transfer made while it streams is either wholly in it (with its balances) or not at all', async () => {
    const { rest } = await h.user();
    const opening = { Checking: '100.00', Savings: '0.00' };
    const checking = (
      await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: opening.Checking, startingDate: '2000-01-01' })
    ).body;
    const savings = (
      await rest('POST', '/api/accounts', { name: 'Savings', type: 'savings', balance: opening.Savings, startingDate: '2000-01-01' })
    ).body;
    const transfer = (amount: string) =>
      rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: savings.id, amount, date: '2026-03-01' });
    await transfer('10.00');
    await rest('POST', '/api/transactions', { amount: '5.00', description: 'Lunch', date: '2026-03-01', accountId: checking.id });

    const reached = new Promise<void>((resolve) => (pause.reached = resolve));
    let resume = () => {};
    pause.resume = new Promise<void>((resolve) => (resume = resolve));
    pause.armed = true;
    const exporting = rest('GET', '/api/export/all.json');
    await reached;
    // The accounts are read; a transfer now, before the transfers are.
    let landed = false;
    const writing = transfer('25.00').then((res) => ((landed = true), res));
    await Promise.race([writing, sleep(500)]);
    const landedDuringExport = landed;
    resume();
    const [exported, written] = await Promise.all([exporting, writing]);
    expect(written.status).toBe(201);
    expect(exported.status).toBe(200);

    // Every account in the export is its opening balance plus the activity in the export.
    const { accounts, transfers, transactions, paychecks } = exported.body as Record<string, Row[]>;
    const activity = (id: string) =>
      [
        ...transfers!.map((t) => (t.toAccountId === id ? t.amount : t.fromAccountId === id ? `-${t.amount}` : '0')),
        ...transactions!.filter((t) => t.accountId === id).map((t) => `-${t.amount}`),
        ...paychecks!.filter((p) => p.accountId === id).map((p) => p.amount),
      ].reduce((sum, change) => sum.plus(change), new Decimal(0));
    for (const account of accounts as (Row & { name: keyof typeof opening })[]) {
      expect(account.balance, account.name).toBe(new Decimal(opening[account.name]).plus(activity(account.id)).toFixed(2));
    }
    // PostgreSQL commits the write meanwhile, beside the export's snapshot; PGlite's one connection is the export's until it ends.
    expect(landedDuringExport).toBe(testDatabaseKind() === 'postgres');
    // The write is not lost: it is in the next export.
    const after = (await rest('GET', '/api/export/all.json')).body as Record<string, Row[]>;
    expect(after.transfers!.map((t) => t.amount).sort()).toEqual(['10.00', '25.00']);
    console.log(
      `export snapshot (${testDatabaseKind()}): a transfer ${landedDuringExport ? 'committed' : 'waiting'} during the export; the export has ${transfers!.length} transfer(s) and balances ${accounts!.map((a) => a.balance).join(' / ')}, each its opening plus its activity`,
    );
  });
});
