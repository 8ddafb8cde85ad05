import { readFileSync } from 'node:fs';
import { text as streamText } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';
import { transactionsCsv } from '../reports/csv-export.ts';
import { commitImport, previewImport } from './imports.service.ts';

const h = useModuleHarness();
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const PREVIEW = `mutation($input: PreviewImportInput!) { previewImport(input: $input) {
  format mapping { dateFormat dateFormats expenses remembered columns }
  rows { index date description amount kind suggestedCategoryId duplicateOf error include } } }`;
const COMMIT = `mutation($input: CommitImportInput!) { commitImport(input: $input) {
  import { id fileName transactionCount paycheckCount skippedCount undoneAt } viewer { allAccounts { balance } } } }`;
const UNDO = `mutation($id: ID!) { undoImport(id: $id) { import { undoneAt } } }`;

async function userWithAccount(balance = '1000.00') {
  const user = await h.user();
  const res = await user.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance, startingDate: '2000-01-01' });
  return { ...user, accountId: res.body.id as string };
}

const state = async (rest: Awaited<ReturnType<typeof userWithAccount>>['rest'], accountId: string) => {
  const transactions = (await rest('GET', '/api/transactions')).body as { description: string; amount: string; date: string }[];
  const paychecks = (await rest('GET', '/api/paychecks')).body as { notes: string; amount: string }[];
  const account = ((await rest('GET', '/api/accounts')).body as { id: string; balance: string }[]).find((a) => a.id === accountId)!;
  return {
    transactions: transactions.map((t) => `${t.date} ${t.description} ${t.amount}`).sort(),
    paychecks: paychecks.map((p) => `${p.notes} ${p.amount}`).sort(),
    balance: account.balance,
  };
};

describe('import (REST)', () => {
  it('previews a Chase CSV, imports it into an account in one go, and a second import writes nothing', async () => {
    const { rest, accountId: checking } = await userWithAccount();
    // A card statement: its return is a refund, its payment a transfer from checking (docs/product.md#money-movement).
    const accountId = (
      await rest('POST', '/api/accounts', { name: 'Card', type: 'credit', balance: '1000.00', startingDate: '2000-01-01' })
    ).body.id as string;
    const dining = (await rest('POST', '/api/budget-categories', { name: 'Dining', type: 'expenses' })).body.id;
    const body = { fileName: 'chase.csv', content: fixture('chase-credit-card.csv'), accountId };
    const preview = await rest('POST', '/api/imports/preview', body);
    expect(preview.status).toBe(200);
    expect(preview.body.format).toBe('csv');
    expect(preview.body.mapping).toMatchObject({ dateFormat: 'MM/DD/YYYY', expenses: 'negative', amount: 5, remembered: false });
    expect(preview.body.rows[0]).toEqual({
      index: 2,
      date: '2024-01-28',
      description: 'STARBUCKS STORE 12345',
      amount: '5.75',
      kind: 'transaction',
      suggestedCategoryId: dining,
      duplicateOf: null,
      payee: 'Starbucks',
      ruleIds: [],
      movement: 'expense',
      transferAccountId: null,
      match: null,
      matchCandidates: [],
      transferMatch: null,
      error: null,
      include: true,
    });
    expect(preview.body.rows[2]).toMatchObject({
      description: 'Payment Thank You-Mobile',
      movement: 'transfer',
      transferAccountId: checking,
    });
    expect(preview.body.rows[4]).toMatchObject({ description: 'AMAZON.COM*RT4KX1YZ2', movement: 'refund' });
    expect(await state(rest, accountId)).toEqual({ transactions: [], paychecks: [], balance: '1000.00' });

    const first = await rest('POST', '/api/imports', body);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), transactions: 5, paychecks: 0, transfers: 1, skipped: 0 });
    const after = await state(rest, accountId);
    expect(after.transactions).toHaveLength(5);
    expect(after.paychecks).toEqual([]);
    // 1000 − (5.75 + 42.99 + 87.12 + 38.40) + (500 + 12)
    expect(after.balance).toBe('1337.74');
    const starbucks = (await rest('GET', '/api/transactions')).body.find((t: { description: string }) =>
      t.description.startsWith('STARBUCKS'),
    );
    expect(starbucks).toMatchObject({ categoryId: dining, importId: first.body.id, accountId });

    const again = await rest('POST', '/api/imports/preview', body);
    expect(again.body.rows.every((r: { duplicateOf: string | null; include: boolean }) => r.duplicateOf && !r.include)).toBe(true);
    const second = await rest('POST', '/api/imports', body);
    expect(second.body).toMatchObject({ transactions: 0, paychecks: 0, transfers: 0, skipped: 6 });
    expect(await state(rest, accountId)).toEqual(after);
    const list = await rest('GET', '/api/imports');
    expect(
      list.body.map((i: { fileName: string; transactionCount: number; skippedCount: number }) => [
        i.fileName,
        i.transactionCount,
        i.skippedCount,
      ]),
    ).toEqual([
      ['chase.csv', 0, 6],
      ['chase.csv', 5, 0],
    ]);
  });

  it('imports only the new rows of an overlapping statement', async () => {
    const { rest, accountId } = await userWithAccount();
    const head = 'Date,Description,Amount\n';
    const january = `${head}01/05/2024,Coffee Shop,-4.50\n01/05/2024,Coffee Shop,-4.50\n01/20/2024,Gym,-30.00\n`;
    const overlap = `${head}01/05/2024,COFFEE SHOP #12,-4.50\n01/05/2024,Coffee Shop,-4.50\n01/21/2024,GYM MEMBERSHIP,-30.00\n02/02/2024,Books,-12.00\n01/05/2024,Coffee Shop,-4.50\n`;
    expect((await rest('POST', '/api/imports', { fileName: 'jan.csv', content: january, accountId })).body).toMatchObject({
      transactions: 3,
    });
    const res = await rest('POST', '/api/imports', { fileName: 'overlap.csv', content: overlap, accountId });
    // Two coffees and the gym were there already; the third coffee and the books are new.
    expect(res.body).toMatchObject({ transactions: 2, paychecks: 0, skipped: 3 });
    expect((await state(rest, accountId)).transactions).toEqual([
      '2024-01-05 Coffee Shop 4.50',
      '2024-01-05 Coffee Shop 4.50',
      '2024-01-05 Coffee Shop 4.50',
      '2024-01-20 Gym 30.00',
      '2024-02-02 Books 12.00',
    ]);
  });

  it('looks for duplicates in the account the file goes into only (no account: among records without one)', async () => {
    const { rest, accountId } = await userWithAccount();
    const card = (await rest('POST', '/api/accounts', { name: 'Card', type: 'credit', balance: '0.00', startingDate: '2000-01-01' })).body
      .id;
    await rest('POST', '/api/transactions', { amount: '4.50', description: 'Coffee Shop', date: '2024-01-05', accountId: card });
    await rest('POST', '/api/transactions', { amount: '9.00', description: 'Lunch', date: '2024-01-05' });
    const content = 'Date,Description,Amount\n2024-01-05,Coffee Shop,-4.50\n2024-01-05,Lunch,-9.00\n';
    const flagged = async (into: string | null) =>
      (await rest('POST', '/api/imports/preview', { fileName: 'a.csv', content, accountId: into })).body.rows.map(
        (r: { description: string; duplicateOf: string | null }) => [r.description, r.duplicateOf !== null],
      );
    expect(await flagged(accountId)).toEqual([
      ['Coffee Shop', false],
      ['Lunch', false],
    ]);
    expect(await flagged(card)).toEqual([
      ['Coffee Shop', true],
      ['Lunch', false],
    ]);
    expect(await flagged(null)).toEqual([
      ['Coffee Shop', false],
      ['Lunch', true],
    ]);
  });

  it('answers 400 naming the row for a character reference that is no character or an over-long FITID, writing nothing', async () => {
    const { rest, accountId } = await userWithAccount();
    const ofx = (line: string) =>
      `OFXHEADER:100\n<OFX><BANKTRANLIST><STMTTRN><DTPOSTED>20240101<TRNAMT>-1.00<FITID>A1<NAME>Fine</STMTTRN><STMTTRN><DTPOSTED>20240102<TRNAMT>-2.00${line}</STMTTRN></BANKTRANLIST></OFX>`;
    const cases = [
      ['<NAME>Bad &#99999999; shop', 'Row 2: "&#99999999;" is not a character'],
      ['<NAME>Bad &#x110000; shop', 'Row 2: "&#x110000;" is not a character'],
      ['<NAME>Bad &#xD800; shop', 'Row 2: "&#xD800;" is not a character'],
      ['<NAME>Bad &#0; shop', 'Row 2: "&#0;" is not a character'],
      [`<FITID>${'9'.repeat(256)}<NAME>Long id`, 'Row 2: FITID is longer than 255 characters'],
    ];
    for (const [line, message] of cases) {
      for (const path of ['/api/imports/preview', '/api/imports']) {
        const res = await rest('POST', path, { fileName: 'bad.ofx', content: ofx(line!), accountId });
        expect([res.status, res.body], `${path} ${line}`).toEqual([400, { message, errors: [{ path: ['content'], message }] }]);
      }
    }
    expect(await state(rest, accountId)).toEqual({ transactions: [], paychecks: [], balance: '1000.00' });
    // A lone surrogate sent in the JSON text is stored as the replacement character.
    const lone = await rest('POST', '/api/imports', {
      fileName: 'x.csv',
      content: 'Date,Description,Amount\n2024-01-03,Caf\ud800,-3.00\n',
      accountId,
    });
    expect(lone.status).toBe(201);
    expect((await state(rest, accountId)).transactions).toEqual(['2024-01-03 Caf\ufffd 3.00']);
  });

  it('reads a large file in slices, letting other work run between them', async () => {
    const { viewer } = await h.user();
    const rows = Array.from({ length: 60_000 }, (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop number ${i},-1.25`);
    const content = `Date,Description,Amount\n${rows.join('\n')}\n`;
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const preview = await previewImport(viewer, { fileName: 'big.csv', content });
    counting = false;
    expect(preview.rows).toHaveLength(60_000);
    // Reading it, matching its rows and suggesting their categories each give way every thousand rows or so.
    expect(turns).toBeGreaterThan(150);
  });

  it('analyzes the tables a large import grew, so the plans that follow know their size', async () => {
    const { viewer, accountId } = await userWithAccount();
    // 9,000 purchases and 1,000 deposits: 10,000 rows, the size after which the written tables are analyzed.
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `2024-0${(i % 9) + 1}-${String((i % 28) + 1).padStart(2, '0')},Shop number ${i},${i % 10 === 0 ? '' : '-'}1.25`,
    );
    const content = `Date,Description,Amount\n${rows.join('\n')}\n`;
    const estimate = async (table: string) => {
      const [row] = await h.db.prisma.$queryRaw<
        { rows: number }[]
      >`SELECT reltuples::float8 AS rows FROM pg_class WHERE relname = ${table}`;
      return row!.rows;
    };
    await commitImport(viewer, { fileName: 'big.csv', content, accountId });
    // The planner's estimates count the rows just written (-1 is "never analyzed"; others' rows add to them).
    expect(await estimate('transactions')).toBeGreaterThanOrEqual(9_000);
    expect(await estimate('paychecks')).toBeGreaterThanOrEqual(1_000);
  });

  it('undo removes exactly the rows the import created, as they are after later edits, and their balance effects', async () => {
    const { rest, accountId } = await userWithAccount('100.00');
    await rest('POST', '/api/transactions', { amount: '10.00', description: 'Typed by hand', date: '2024-01-03', accountId });
    const before = await state(rest, accountId);
    const imported = await rest('POST', '/api/imports', { fileName: 'bofa.csv', content: fixture('bofa-checking.csv'), accountId });
    expect(imported.body).toMatchObject({ transactions: 3, paychecks: 1, skipped: 0 });
    const rent = (await rest('GET', '/api/transactions')).body.find((t: { description: string }) => t.description.startsWith('RENT'));
    await rest('PATCH', `/api/transactions/${rent.id}`, { amount: '999.99' });
    const power = (await rest('GET', '/api/transactions')).body.find((t: { description: string }) => t.description.startsWith('CITY'));
    await rest('DELETE', `/api/transactions/${power.id}`);
    await rest('POST', '/api/transactions', { amount: '1.00', description: 'After the import', date: '2024-01-25', accountId });

    expect((await rest('DELETE', `/api/imports/${imported.body.id}`)).status).toBe(204);
    const after = await state(rest, accountId);
    expect(after.transactions).toEqual([...before.transactions, '2024-01-25 After the import 1.00'].sort());
    expect(after.paychecks).toEqual([]);
    expect(after.balance).toBe('89.00');
    const [listed] = (await rest('GET', '/api/imports')).body;
    expect(listed).toMatchObject({ id: imported.body.id, transactionCount: 3, undoneAt: expect.any(String) });
    expect((await rest('DELETE', `/api/imports/${imported.body.id}`)).status).toBe(404);
  });

  it('answers 400 for a file it cannot read, a row with an error ticked and a date format left to choose, writing nothing', async () => {
    const { rest, accountId } = await userWithAccount();
    // The last: a cell of 100 KB (no bank writes a line over 64 KB), past the part its layout is detected from.
    const longCell = `Date,Description,Amount\n${'2024-01-01,Shop,-1.00\n'.repeat(2000)}2024-01-02,"${'x'.repeat(100_000)}",-1.00\n`;
    for (const content of [
      'hello world',
      '\u0000\u0001binary',
      '<OFX><NOTHING>x</NOTHING></OFX>',
      'Date,Amount\n"unclosed,1\n',
      longCell,
    ]) {
      const res = await rest('POST', '/api/imports/preview', { fileName: 'x.csv', content });
      expect(res.status, content.slice(0, 40)).toBe(400);
      expect(res.body).toEqual({
        message: 'File is not a CSV or OFX file we can read',
        errors: [{ path: ['content'], message: 'File is not a CSV or OFX file we can read' }],
      });
    }
    const bad = 'Date,Description,Amount\n15/01/2024,Coffee,-3.50\n31/02/2024,Bad,-1.00\n';
    const preview = await rest('POST', '/api/imports/preview', { fileName: 'bad.csv', content: bad });
    expect(preview.body.rows.map((r: { error: string | null; include: boolean }) => [r.error, r.include])).toEqual([
      [null, true],
      ['Row 3: unreadable date "31/02/2024"', false],
    ]);
    const ticked = await rest('POST', '/api/imports', { fileName: 'bad.csv', content: bad, rows: [{ index: 3, include: true }] });
    expect(ticked.status).toBe(400);
    expect(ticked.body.message).toBe('Row 3: unreadable date "31/02/2024"');
    const ambiguous = 'Date,Description,Amount\n01/02/2024,Coffee,-3.50\n';
    const unchosen = await rest('POST', '/api/imports', { fileName: 'a.csv', content: ambiguous });
    expect(unchosen.body.message).toBe('Choose the date format of this file: MM/DD/YYYY or DD/MM/YYYY');
    const chosen = await rest('POST', '/api/imports', { fileName: 'a.csv', content: ambiguous, mapping: { dateFormat: 'DD/MM/YYYY' } });
    expect(chosen.status).toBe(201);
    expect((await state(rest, accountId)).transactions).toEqual(['2024-02-01 Coffee 3.50']);
    const unknownRow = await rest('POST', '/api/imports', { fileName: 'a.csv', content: ambiguous, rows: [{ index: 99, include: true }] });
    expect(unknownRow.body.message).toBe('Row 99: no such row');
    // The layout's remembered DD/MM/YYYY cannot read these days: they are detected afresh. A NUL character is dropped.
    const withNul = await rest('POST', '/api/imports', {
      fileName: 'nul.csv',
      content: 'Date,Description,Amount\n2024-05-01,Tea\u0000 shop,-2.00\n',
    });
    expect(withNul.body).toMatchObject({ transactions: 1 });
    expect((await state(rest, accountId)).transactions).toEqual(['2024-02-01 Coffee 3.50', '2024-05-01 Tea shop 2.00']);
  });

  it("treats another user's account and import like missing ones", async () => {
    const alice = await userWithAccount();
    const bob = await userWithAccount();
    const content = fixture('debit-credit.csv');
    const theirs = await bob.rest('POST', '/api/imports', { fileName: 'x.csv', content, accountId: alice.accountId });
    const missing = await bob.rest('POST', '/api/imports', {
      fileName: 'x.csv',
      content,
      accountId: '00000000-0000-7000-8000-000000000000',
    });
    expect(theirs.status).toBe(400);
    expect(theirs.body).toEqual(missing.body);
    const imported = await alice.rest('POST', '/api/imports', { fileName: 'x.csv', content, accountId: alice.accountId });
    expect((await bob.rest('DELETE', `/api/imports/${imported.body.id}`)).status).toBe(404);
    expect((await bob.rest('GET', '/api/imports')).body).toEqual([]);
    expect((await alice.rest('GET', '/api/imports')).body).toHaveLength(1);
  });

  it('takes a file of several MB on the import routes only', async () => {
    const { rest } = await h.user();
    const rows = Array.from(
      { length: 60_000 },
      (_, i) => `2024-01-${String((i % 28) + 1).padStart(2, '0')},Shop number ${i},-${(i % 500) + 1}.25`,
    );
    const content = `Date,Description,Amount\n${rows.join('\n')}\n`;
    expect(content.length).toBeGreaterThan(2_000_000);
    const preview = await rest('POST', '/api/imports/preview', { fileName: 'big.csv', content });
    expect(preview.status).toBe(200);
    expect(preview.body.rows).toHaveLength(60_000);
    expect(
      (await rest('POST', '/api/transactions', { amount: '1.00', description: 'x'.repeat(2_000_000), date: '2024-01-01' })).status,
    ).toBe(413);
  });

  it('reads a Windows-1252 file sent as base64', async () => {
    const { rest } = await h.user();
    const content = readFileSync(new URL('./fixtures/european.csv', import.meta.url)).toString('base64');
    const preview = await rest('POST', '/api/imports/preview', { fileName: 'umsatz.csv', content, base64: true });
    expect(preview.body.rows.at(-1)).toMatchObject({ description: 'Café Müller', amount: '4.20', date: '2024-01-31' });
  });
});

describe('import (GraphQL)', () => {
  it('imports an OFX statement with a row unticked and a category changed; FITIDs make the second import a no-op; undo', async () => {
    const { gql, rest, accountId } = await userWithAccount('0.00');
    const books = (await rest('POST', '/api/budget-categories', { name: 'Books', type: 'expenses' })).body.id;
    const account = encodeGlobalID('Account', accountId);
    const input = { fileName: 'statement.ofx', content: fixture('bank-statement.ofx'), accountId: account };
    const preview = await gql(PREVIEW, { input });
    expect(preview.data.previewImport.format).toBe('ofx');
    expect(preview.data.previewImport.mapping).toBeNull();
    expect(
      preview.data.previewImport.rows.map((r: { index: number; kind: string; amount: string }) => [r.index, r.kind, r.amount]),
    ).toEqual([
      [1, 'paycheck', '2500.00'],
      [2, 'transaction', '64.18'],
      [3, 'transaction', '1100.00'],
      [4, 'transaction', '18.50'],
    ]);
    const commit = await gql(COMMIT, {
      input: {
        ...input,
        rows: [
          { index: 3, include: false },
          { index: 4, include: true, categoryId: encodeGlobalID('BudgetCategory', books) },
        ],
      },
    });
    expect(commit.errors).toBeUndefined();
    expect(commit.data.commitImport.import).toMatchObject({
      fileName: 'statement.ofx',
      transactionCount: 2,
      paycheckCount: 1,
      skippedCount: 0,
      undoneAt: null,
    });
    expect(commit.data.commitImport.viewer.allAccounts).toEqual([{ balance: '2417.32' }]);
    const transactions = (await rest('GET', '/api/transactions')).body;
    expect(transactions.find((t: { description: string }) => t.description === 'BARNES & NOBLE')).toMatchObject({
      categoryId: books,
      fitid: '202401210004',
    });

    const again = await gql(PREVIEW, { input });
    expect(again.data.previewImport.rows.map((r: { duplicateOf: string | null }) => r.duplicateOf !== null)).toEqual([
      true,
      true,
      false,
      true,
    ]);
    const history = await gql(`{ viewer { imports(first: 10) { totalCount edges { node { id fileName } } } } }`);
    expect(history.data.viewer.imports.totalCount).toBe(1);
    const undo = await gql(UNDO, { id: commit.data.commitImport.import.id });
    expect(undo.data.undoImport.import.undoneAt).toEqual(expect.any(String));
    expect((await state(rest, accountId)).balance).toBe('0.00');
    const twice = await gql(UNDO, { id: commit.data.commitImport.import.id });
    expect(twice.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('answers a long preview completed a slice at a time directly exactly as GraphQL completes it', async () => {
    // More rows than a slice: completed without graphql-js's per-field work (api/graphql/long-lists.ts);
    // a directive in the selection makes GraphQL complete them itself.
    const { gql, rest, accountId } = await userWithAccount();
    for (let day = 1; day <= 20; day++)
      await rest('POST', '/api/transactions', {
        accountId,
        amount: `${day}.00`,
        date: `2024-01-${String(day).padStart(2, '0')}`,
        description: `Whole Foods ${day}`,
      });
    const lines = ['Date,Description,Amount'];
    for (let i = 0; i < 1_500; i++)
      lines.push(
        `${i === 7 ? '2024-13-45' : `2024-01-${String((i % 20) + 1).padStart(2, '0')}`},"${i % 13 ? `WHOLE FOODS ${i}` : 'SQ *BLUE BOTTLE 12'}",-${(i % 20) + 1}.00`,
      );
    const query = (extra: string) => `mutation($input: PreviewImportInput!) { previewImport(input: $input) { rows {
      index date description amount kind suggestedCategoryId duplicateOf movement transferAccountId payee ruleIds error include ${extra}
      match { record kind date description enteredByHand __typename } matchCandidates { record date amount }
      transferMatch { record accountId } } } }`;
    const input = { fileName: 'long.csv', content: `${lines.join('\n')}\n`, accountId: encodeGlobalID('Account', accountId) };
    const direct = await gql(query(''), { input });
    const asGraphQL = await gql(query('again: index @include(if: true)'), { input });
    const rows = direct.data.previewImport.rows as { match: unknown; date: string | null }[];
    expect(rows).toHaveLength(1_500);
    expect(rows.filter((r) => r.match)).toHaveLength(20);
    expect(rows.filter((r) => !r.date)).toHaveLength(1);
    expect(rows).toEqual(asGraphQL.data.previewImport.rows.map(({ again: _, ...r }: { again: number }) => r));
  });

  it('remembers the mapping chosen for a layout', async () => {
    const { gql } = await h.user();
    const content = 'Date,Description,Amount\n01/02/2024,Refund,-3.50\n01/03/2024,Shop,7.00\n01/04/2024,Shop,8.00\n';
    const first = await gql(PREVIEW, { input: { fileName: 'a.csv', content } });
    expect(first.data.previewImport.mapping).toMatchObject({
      dateFormat: null,
      dateFormats: ['MM_DD_YYYY', 'DD_MM_YYYY'],
      expenses: 'positive',
      remembered: false,
    });
    const commit = await gql(COMMIT, {
      input: { fileName: 'a.csv', content, mapping: { dateFormat: 'DD_MM_YYYY', expenses: 'negative' } },
    });
    expect(commit.data.commitImport.import).toMatchObject({ transactionCount: 1, paycheckCount: 2 });
    const next = await gql(PREVIEW, { input: { fileName: 'b.csv', content: `${content}05/01/2024,Other,1.00\n` } });
    expect(next.data.previewImport.mapping).toMatchObject({ dateFormat: 'DD_MM_YYYY', expenses: 'negative', remembered: true });
  });

  it('imports our own CSV export back into an empty user exactly', async () => {
    const source = await h.user();
    const groceries = (await source.rest('POST', '/api/budget-categories', { name: 'Groceries', type: 'expenses' })).body.id;
    const written = [
      { amount: '0.01', description: 'Penny, "quoted"', date: '2024-05-01', categoryId: groceries },
      { amount: '1234567.89', description: '=SUM(A1) formula-looking', date: '2024-05-02' },
      { amount: '12.30', description: 'Café', date: '2024-12-31', categoryId: groceries },
    ];
    for (const t of written) await source.rest('POST', '/api/transactions', t);
    const csv = await streamText(transactionsCsv(source.viewer));
    const target = await h.user();
    const targetGroceries = (await target.rest('POST', '/api/budget-categories', { name: 'Groceries', type: 'expenses' })).body.id;
    const res = await target.rest('POST', '/api/imports', { fileName: 'export.csv', content: csv });
    expect(res.body).toMatchObject({ transactions: 3, paychecks: 0, skipped: 0 });
    const pick = (rows: { amount: string; description: string; date: string; categoryId: string | null }[], category: string) =>
      rows.map((t) => [t.date, t.description, t.amount, t.categoryId === category]).sort();
    expect(pick((await target.rest('GET', '/api/transactions')).body, targetGroceries)).toEqual(
      pick((await source.rest('GET', '/api/transactions')).body, groceries).map((r) =>
        r[1] === '=SUM(A1) formula-looking' ? [r[0], "'=SUM(A1) formula-looking", r[2], r[3]] : r,
      ),
    );
  });
});
