import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

/** docs/product.md#money-movement and #matching-what-you-typed: kinds, transfers linked both ways, matching what was typed. */

const h = useModuleHarness();
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

type Rest = Awaited<ReturnType<typeof h.user>>['rest'];
interface Row {
  index: number;
  date: string;
  description: string;
  amount: string;
  movement: string;
  transferAccountId: string | null;
  match: { id: string; kind: string; date: string; description: string | null; enteredByHand: boolean } | null;
  transferMatch: { id: string; accountId: string } | null;
  duplicateOf: string | null;
  include: boolean;
}

/** A user with a checking, a savings and a credit card account, all starting before the statements. */
async function household() {
  const user = await h.user();
  const account = async (name: string, type: string, balance: string) =>
    (await user.rest('POST', '/api/accounts', { name, type, balance, startingDate: '2024-01-01' })).body.id as string;
  return {
    ...user,
    checking: await account('Checking', 'checking', '1000.00'),
    savings: await account('Savings', 'savings', '2000.00'),
    card: await account('Chase Sapphire', 'credit', '0.00'),
  };
}

const preview = async (rest: Rest, content: string, accountId: string | null) => {
  const res = await rest('POST', '/api/imports/preview', { fileName: 'f', content, accountId });
  expect(res.status).toBe(200);
  return res.body.rows as Row[];
};
const byDescription = (rows: Row[], start: string) => rows.find((r) => r.description.startsWith(start))!;
const transaction = async (rest: Rest, id: string) =>
  ((await rest('GET', '/api/transactions')).body as { id: string; date: string; description: string }[]).find((t) => t.id === id);
const balances = async (rest: Rest) =>
  Object.fromEntries(((await rest('GET', '/api/accounts')).body as { name: string; balance: string }[]).map((a) => [a.name, a.balance]));
const novemberTotals = async (rest: Rest) => {
  const report = (await rest('GET', '/api/reports?from=2024-11-01&to=2024-11-30')).body;
  const summary = (await rest('GET', '/api/transactions/summary')).body;
  return { income: report.totalIncome, spent: report.totalSpent, summary: summary.total ?? summary.sum ?? summary };
};

describe('import: money movement', () => {
  it('imports the card, checking and savings statements with the right kinds, transfers linked both ways and nothing counted twice', async () => {
    const { rest, checking, savings, card } = await household();
    // Entered by hand before the statement came.
    const wholeFoods = (
      await rest('POST', '/api/transactions', { amount: '87.12', description: 'Whole Foods Market', date: '2024-11-18', accountId: card })
    ).body.id;
    const uber = (
      await rest('POST', '/api/transactions', { amount: '23.40', description: 'Uber ride', date: '2024-11-17', accountId: card })
    ).body.id;

    const cardRows = await preview(rest, fixture('chase-card-statement.csv'), card);
    expect(cardRows.map((r) => [r.description, r.movement, r.include])).toEqual([
      ['SHELL OIL 57444', 'expense', true],
      ['Payment Thank You-Mobile', 'transfer', true],
      ['AMAZON.COM*RT4KX1YZ2', 'refund', true],
      ['STARBUCKS STORE 12345', 'expense', true],
      ['UBER *TRIP', 'expense', false],
      ['WHOLEFDS MKT 10234', 'expense', false],
      ['AMAZON.COM*RT4KX1YZ2', 'expense', true],
    ]);
    expect(byDescription(cardRows, 'WHOLEFDS').match).toEqual({
      id: wholeFoods,
      kind: 'expense',
      date: '2024-11-18',
      description: 'Whole Foods Market',
      enteredByHand: true,
    });
    expect(byDescription(cardRows, 'WHOLEFDS').duplicateOf).toBe(wholeFoods);
    expect(byDescription(cardRows, 'UBER').match).toMatchObject({ id: uber, date: '2024-11-17' });
    // The card's payment comes from the one checking account.
    expect(byDescription(cardRows, 'Payment')).toMatchObject({ transferAccountId: checking, transferMatch: null, match: null });

    const first = await rest('POST', '/api/imports', {
      fileName: 'card.csv',
      content: fixture('chase-card-statement.csv'),
      accountId: card,
    });
    expect(first.body).toEqual({ id: expect.any(String), transactions: 4, paychecks: 0, transfers: 1, skipped: 2 });

    // The checking account's side of the card payment is the transfer just made: matched, not written again.
    const checkingRows = await preview(rest, fixture('checking-statement.csv'), checking);
    expect(checkingRows.map((r) => [r.description.split(' ').slice(0, 3).join(' '), r.movement, r.include])).toEqual([
      ['CHASE CREDIT CRD', 'transfer', false],
      ['Online Banking transfer', 'transfer', true],
      ['ACME CORP PAYROLL', 'income', true],
      ['CITY POWER &', 'expense', true],
    ]);
    expect(byDescription(checkingRows, 'CHASE').match).toMatchObject({ kind: 'transfer', date: '2024-11-25', enteredByHand: false });
    expect(byDescription(checkingRows, 'Online').transferAccountId).toBe(savings);
    const second = await rest('POST', '/api/imports', {
      fileName: 'checking.csv',
      content: fixture('checking-statement.csv'),
      accountId: checking,
    });
    expect(second.body).toMatchObject({ transactions: 1, paychecks: 1, transfers: 1, skipped: 1 });

    const savingsRows = await preview(rest, fixture('savings-statement.ofx'), savings);
    expect(savingsRows.map((r) => [r.description, r.movement, r.match?.kind ?? null, r.include])).toEqual([
      ['Transfer from CHK 1234', 'transfer', 'transfer', false],
      ['INTEREST PAYMENT', 'income', null, true],
    ]);
    await rest('POST', '/api/imports', { fileName: 'savings.ofx', content: fixture('savings-statement.ofx'), accountId: savings });

    // Two transfers, each seen from both of its accounts.
    const transfers = (await rest('GET', '/api/transfers')).body as { fromAccountId: string; toAccountId: string; amount: string }[];
    expect(transfers.map((t) => [t.fromAccountId, t.toAccountId, t.amount]).sort()).toEqual(
      [
        [checking, card, '650.00'],
        [checking, savings, '500.00'],
      ].sort(),
    );
    const activity = async (id: string) =>
      ((await rest('GET', `/api/accounts/${id}/activity`)).body.items as { kind: string; amount: string }[])
        .filter((a) => a.kind.startsWith('transfer'))
        .map((a) => `${a.kind} ${a.amount}`)
        .sort();
    expect(await activity(checking)).toEqual(['transfer_out 500.00', 'transfer_out 650.00']);
    expect(await activity(card)).toEqual(['transfer_in 650.00']);
    expect(await activity(savings)).toEqual(['transfer_in 500.00']);

    expect(await balances(rest)).toEqual({
      // 1000 − 650 − 500 + 2500 − 112.34
      Checking: '2237.66',
      // 2000 + 500 + 1.23
      Savings: '2501.23',
      // −(87.12 + 23.40 typed) − (38.40 + 5.75 + 23.99) + 23.99 + 650
      'Chase Sapphire': '495.33',
    });
    // Spending: the purchases once each (typed ones not doubled), the return taken off, no transfer; income: the paycheck and interest.
    const totals = await novemberTotals(rest);
    expect(totals.spent).toBe('267.01');
    expect(totals.income).toBe('2501.23');
  });

  it('links a transfer to its other side already in another account, whichever statement comes first', async () => {
    const { rest, checking, card } = await household();
    // Last month's checking import (before this feature) wrote the card payment as an expense.
    const typed = (
      await rest('POST', '/api/transactions', {
        amount: '650.00',
        description: 'CHASE CREDIT CRD EPAY',
        date: '2024-11-24',
        accountId: checking,
      })
    ).body.id;
    const rows = await preview(rest, fixture('chase-card-statement.csv'), card);
    expect(byDescription(rows, 'Payment')).toMatchObject({
      movement: 'transfer',
      transferAccountId: checking,
      transferMatch: { id: typed, accountId: checking, kind: 'expense', date: '2024-11-24' },
    });
    expect((await novemberTotals(rest)).spent).toBe('650.00');
    const res = await rest('POST', '/api/imports', { fileName: 'card.csv', content: fixture('chase-card-statement.csv'), accountId: card });
    expect(res.body).toMatchObject({ transfers: 1 });
    // The expense became the transfer's other side: one record, in both accounts, dated when the money left.
    expect(await transaction(rest, typed)).toBeUndefined();
    const [transfer] = (await rest('GET', '/api/transfers')).body;
    expect(transfer).toMatchObject({ fromAccountId: checking, toAccountId: card, amount: '650.00', date: '2024-11-24' });
    expect(await balances(rest)).toMatchObject({ Checking: '350.00' });
    // The payment is no spending any more.
    expect((await novemberTotals(rest)).spent).toBe('154.67');
  });

  it('undo puts back, as it was, the record a linked transfer took the place of', async () => {
    const { rest, checking, card } = await household();
    const category = async (name: string) => (await rest('POST', '/api/budget-categories', { name, type: 'expenses' })).body.id as string;
    const [debt, fees] = [await category('Debt'), await category('Fees')];
    // Typed by hand with the payee, split in two, and cleared.
    const typed = (
      await rest('POST', '/api/transactions', {
        amount: '650.00',
        description: 'Card payment',
        date: '2024-11-24',
        accountId: checking,
        payee: 'Chase',
        splits: [
          { categoryId: debt, amount: '640.00', notes: 'balance' },
          { categoryId: fees, amount: '10.00' },
        ],
      })
    ).body;
    expect((await rest('PATCH', `/api/transactions/${typed.id}`, { status: 'cleared' })).status).toBe(200);
    const was = (await transaction(rest, typed.id)) as unknown as { splits: object[] };
    const res = await rest('POST', '/api/imports', { fileName: 'card.csv', content: fixture('chase-card-statement.csv'), accountId: card });
    expect(res.body).toMatchObject({ transfers: 1 });
    expect(await transaction(rest, typed.id)).toBeUndefined();
    // One of its categories is deleted meanwhile: its line keeps its amount, in no category.
    expect((await rest('DELETE', `/api/budget-categories/${fees}`)).status).toBe(204);

    expect((await rest('DELETE', `/api/imports/${res.body.id}`)).status).toBe(204);
    const back = await transaction(rest, typed.id);
    expect(back).toEqual({ ...was, splits: [was.splits[0], { ...was.splits[1], categoryId: null }] });
    expect(back).toMatchObject({ payee: 'Chase', status: 'cleared', amount: '650.00', accountId: checking });
    expect(await balances(rest)).toEqual({ Checking: '350.00', Savings: '2000.00', 'Chase Sapphire': '0.00' });
    expect((await novemberTotals(rest)).spent).toBe('650.00');
    expect((await rest('GET', '/api/transfers')).body).toEqual([]);
  });

  it('makes one transfer of a move whose savings side is imported before its checking side', async () => {
    const { rest, checking, savings } = await household();
    const saved = await rest('POST', '/api/imports', {
      fileName: 'savings.ofx',
      content: fixture('savings-statement.ofx'),
      accountId: savings,
    });
    // "Transfer from CHK": from the one checking account.
    expect(saved.body).toMatchObject({ transfers: 1, paychecks: 1 });
    const rows = await preview(rest, fixture('checking-statement.csv'), checking);
    expect(byDescription(rows, 'Online')).toMatchObject({
      movement: 'transfer',
      match: { kind: 'transfer', date: '2024-11-21' },
      include: false,
    });
    await rest('POST', '/api/imports', { fileName: 'checking.csv', content: fixture('checking-statement.csv'), accountId: checking });
    const transfers = (
      (await rest('GET', '/api/transfers')).body as { fromAccountId: string; toAccountId: string; amount: string }[]
    ).filter((t) => t.amount === '500.00');
    expect(transfers).toEqual([expect.objectContaining({ fromAccountId: checking, toAccountId: savings })]);
    expect(await balances(rest)).toMatchObject({ Checking: '2237.66', Savings: '2501.23' });
  });

  it('lets the user change a kind, pick the transfer account, unmatch, match by hand and take the bank’s date and description', async () => {
    const { rest, savings, card } = await household();
    const uber = (
      await rest('POST', '/api/transactions', { amount: '23.40', description: 'Uber ride', date: '2024-11-17', accountId: card })
    ).body.id;
    const coffee = (await rest('POST', '/api/transactions', { amount: '6.00', description: 'Coffee', date: '2024-11-20', accountId: card }))
      .body.id;
    const wholeFoods = (
      await rest('POST', '/api/transactions', { amount: '87.12', description: 'Whole Foods Market', date: '2024-11-18', accountId: card })
    ).body.id;
    const rows = await preview(rest, fixture('chase-card-statement.csv'), card);
    const index = (start: string) => byDescription(rows, start).index;
    // The typed coffee is no match (another amount) but a candidate to match by hand, the closest amount first.
    expect(byDescription(rows, 'STARBUCKS')).toMatchObject({
      match: null,
      matchCandidates: [{ id: coffee, kind: 'expense', date: '2024-11-20', description: 'Coffee', enteredByHand: true, amount: '6.00' }],
    });
    const res = await rest('POST', '/api/imports', {
      fileName: 'card.csv',
      content: fixture('chase-card-statement.csv'),
      accountId: card,
      rows: [
        // The return was really income (say, a reward): a paycheck.
        { index: rows.filter((r) => r.description.startsWith('AMAZON'))[0]!.index, include: true, movement: 'income' },
        // The payment came from savings this month.
        { index: index('Payment'), include: true, transferAccountId: savings },
        // Starbucks is the coffee typed at $6.00 (a tip): matched by hand, not written.
        { index: index('STARBUCKS'), include: false, matchId: coffee },
        // The Uber ride gets the bank's date and description.
        { index: index('UBER'), include: false, takeBankDetails: true },
        // Whole Foods was another purchase: unmatched, written, under a payee of the user's choosing.
        { index: index('WHOLEFDS'), include: true, matchId: null, payee: '  Whole Foods  ' },
        // Shell's payee taken off.
        { index: index('SHELL'), include: true, payee: '' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ transactions: 3, paychecks: 1, transfers: 1, skipped: 2 });
    expect(await transaction(rest, uber)).toMatchObject({ date: '2024-11-19', description: 'UBER *TRIP' });
    expect(await transaction(rest, coffee)).toMatchObject({ date: '2024-11-20', description: 'Coffee' });
    expect(await transaction(rest, wholeFoods)).toBeDefined();
    const [transfer] = (await rest('GET', '/api/transfers')).body;
    expect(transfer).toMatchObject({ fromAccountId: savings, toAccountId: card });
    const wholeFoodsCount = ((await rest('GET', '/api/transactions')).body as { description: string }[]).filter((t) =>
      /whole ?f/i.test(t.description),
    );
    expect(wholeFoodsCount).toHaveLength(2);
    const payees = ((await rest('GET', '/api/transactions')).body as { importedDescription: string | null; payee: string | null }[])
      .filter((t) => /^(WHOLEFDS|SHELL)/.test(t.importedDescription ?? ''))
      .map((t) => [t.importedDescription!.split(' ')[0], t.payee]);
    expect(payees.sort()).toEqual([
      ['SHELL', null],
      ['WHOLEFDS', 'Whole Foods'],
    ]);
    // Undone, the Uber ride gets back its own day and description.
    const before = await balances(rest);
    expect((await rest('DELETE', `/api/imports/${res.body.id}`)).status).toBe(204);
    expect(await transaction(rest, uber)).toMatchObject({
      date: '2024-11-17',
      description: 'Uber ride',
      importedDescription: null,
      payee: null,
    });
    expect(await balances(rest)).toEqual({ ...before, Savings: '2000.00', 'Chase Sapphire': '-116.52' });
  });

  it('undo removes the transfers an import wrote and gives their amounts back', async () => {
    const { rest, checking } = await household();
    const res = await rest('POST', '/api/imports', {
      fileName: 'checking.csv',
      content: fixture('checking-statement.csv'),
      accountId: checking,
    });
    expect(res.body).toMatchObject({ transfers: 2 });
    const before = await balances(rest);
    expect(before).toMatchObject({ Checking: '2237.66', Savings: '2500.00', 'Chase Sapphire': '650.00' });
    expect((await rest('DELETE', `/api/imports/${res.body.id}`)).status).toBe(204);
    expect(await balances(rest)).toEqual({ Checking: '1000.00', Savings: '2000.00', 'Chase Sapphire': '0.00' });
    expect((await rest('GET', '/api/transfers')).body).toEqual([]);
  });

  it('reads a payee column before a memo column (an N26 file)', async () => {
    const { rest, checking } = await household();
    const res = await rest('POST', '/api/imports/preview', { fileName: 'n26.csv', content: fixture('n26.csv'), accountId: checking });
    expect(res.body.mapping).toMatchObject({ description: 1, amount: 5, dateFormat: 'YYYY-MM-DD', expenses: 'negative' });
    expect((res.body.rows as Row[]).map((r) => [r.description, r.amount, r.movement])).toEqual([
      ['ACME GmbH', '2345.67', 'income'],
      ['REWE Markt GmbH-Zw', '23.45', 'expense'],
      ['Café Müller', '4.20', 'expense'],
      ['Hausverwaltung Schmidt', '850.00', 'expense'],
      ['Zalando SE', '39.95', 'income'],
    ]);
    for (const [headers, payee] of [
      ['Datum;Empfänger;Verwendungszweck;Betrag', 1],
      ['Date,Memo,Payee,Amount', 2],
      ['Date,Description,Name,Amount', 2],
    ] as const) {
      const content = `${headers}\n${headers.includes(';') ? '02.01.2024;REWE;Kartenzahlung;-1,00' : '2024-01-02,Card purchase,REWE,-1.00'}\n`;
      const detected = await rest('POST', '/api/imports/preview', { fileName: 'x.csv', content, accountId: checking });
      expect([headers, detected.body.mapping.description]).toEqual([headers, payee]);
    }
  });

  it('refuses bad row choices and another user’s account or record like missing ones, writing nothing', async () => {
    const { rest, checking, card } = await household();
    const other = await household();
    const theirs = (
      await other.rest('POST', '/api/transactions', { amount: '5.75', description: 'Coffee', date: '2024-11-20', accountId: other.card })
    ).body.id;
    const rows = await preview(rest, fixture('chase-card-statement.csv'), card);
    const index = (start: string) => byDescription(rows, start).index;
    const commit = (choice: object, accountId: string | null = card) =>
      rest('POST', '/api/imports', { fileName: 'card.csv', content: fixture('chase-card-statement.csv'), accountId, rows: [choice] });
    const cases: [object, string, string][] = [
      [
        { index: index('Payment'), include: true, transferAccountId: other.checking },
        'rows.transferAccountId',
        `Row ${index('Payment')}: Account not found`,
      ],
      [
        { index: index('Payment'), include: true, transferAccountId: 'nope' },
        'rows.transferAccountId',
        `Row ${index('Payment')}: Account not found`,
      ],
      [
        { index: index('Payment'), include: true, transferAccountId: card },
        'rows.transferAccountId',
        `Row ${index('Payment')}: a transfer moves money to another account`,
      ],
      [{ index: index('STARBUCKS'), include: false, matchId: theirs }, 'rows.matchId', `Row ${index('STARBUCKS')}: Record not found`],
      [{ index: index('STARBUCKS'), include: false, matchId: 'nope' }, 'rows.matchId', `Row ${index('STARBUCKS')}: Record not found`],
      [
        { index: index('SHELL'), include: true, movement: 'refund' },
        'rows.movement',
        `Row ${index('SHELL')}: money out is expense or transfer, not refund`,
      ],
      [
        { index: index('SHELL'), include: true, movement: 'paycheck' },
        'rows.0.movement',
        'Movement must be one of expense, refund, income, transfer',
      ],
      [{ index: index('SHELL'), include: true, payee: 'x'.repeat(201) }, 'rows.0.payee', 'Payee must be at most 200 characters'],
      [{ index: index('SHELL'), include: true, payee: 7 }, 'rows.0.payee', 'Payee must be text'],
      [
        { index: index('SHELL'), include: false, takeBankDetails: true },
        'rows.takeBankDetails',
        `Row ${index('SHELL')}: only a matched row left out takes the bank’s date and description`,
      ],
    ];
    for (const [choice, path, message] of cases) {
      const res = await commit(choice);
      const [error] = res.body.errors ?? [];
      expect([choice, res.status, error?.path.join('.'), error?.message]).toEqual([choice, 400, path, message]);
    }
    const noAccount = await commit({ index: index('Payment'), include: true, transferAccountId: checking }, null);
    expect(noAccount.status).toBe(400);
    expect((await rest('GET', '/api/imports')).body).toEqual([]);
    expect((await rest('GET', '/api/transfers')).body).toEqual([]);
  });
});

describe('import: money movement (GraphQL)', () => {
  it('previews kinds and matches, and commits a changed kind and transfer account', async () => {
    const { gql, savings, card, rest } = await household();
    await rest('POST', '/api/transactions', { amount: '87.12', description: 'Whole Foods Market', date: '2024-11-18', accountId: card });
    const input = { fileName: 'card.csv', content: fixture('chase-card-statement.csv'), accountId: encodeGlobalID('Account', card) };
    const preview = await gql(
      `mutation($input: PreviewImportInput!) { previewImport(input: $input) { rows {
        index description movement transferAccountId include duplicateOf
        match { record kind date description enteredByHand } transferMatch { record accountId } } } }`,
      { input },
    );
    expect(preview.errors).toBeUndefined();
    const rows = preview.data.previewImport.rows as {
      index: number;
      description: string;
      movement: string;
      match: object | null;
      duplicateOf: string | null;
    }[];
    const wholeFoods = rows.find((r) => r.description.startsWith('WHOLEFDS'))!;
    expect(wholeFoods).toMatchObject({
      movement: 'EXPENSE',
      match: { kind: 'EXPENSE', date: '2024-11-18', description: 'Whole Foods Market', enteredByHand: true },
    });
    expect(wholeFoods.duplicateOf).toBe((wholeFoods.match as { record: string }).record);
    expect(rows.map((r) => r.movement)).toEqual(['EXPENSE', 'TRANSFER', 'REFUND', 'EXPENSE', 'EXPENSE', 'EXPENSE', 'EXPENSE']);
    const payment = rows.find((r) => r.description.startsWith('Payment'))!;
    const commit = await gql(
      `mutation($input: CommitImportInput!) { commitImport(input: $input) { import { transactionCount paycheckCount transferCount skippedCount } } }`,
      {
        input: {
          ...input,
          rows: [
            { index: payment.index, include: true, movement: 'TRANSFER', transferAccountId: encodeGlobalID('Account', savings) },
            { index: rows.find((r) => r.description.startsWith('SHELL'))!.index, include: true, payee: 'Shell Station' },
          ],
        },
      },
    );
    expect(commit.errors).toBeUndefined();
    expect(commit.data.commitImport.import).toEqual({ transactionCount: 5, paycheckCount: 0, transferCount: 1, skippedCount: 1 });
    const shell = ((await rest('GET', '/api/transactions')).body as { importedDescription: string | null; payee: string | null }[]).find(
      (t) => t.importedDescription?.startsWith('SHELL'),
    );
    expect(shell?.payee).toBe('Shell Station');
    const refused = await gql(`mutation($input: CommitImportInput!) { commitImport(input: $input) { import { id } } }`, {
      input: { ...input, rows: [{ index: payment.index, include: false, matchId: encodeGlobalID('Transaction', 'nope') }] },
    });
    expect(refused.errors?.[0]?.message).toMatch(/Record not found/);
  });
});
