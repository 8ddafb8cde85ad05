import { describe, expect, it } from 'vitest';
import { matchKeywords, matchWords, scoreHistory, sharedWordRatio, words } from './suggestion-scoring.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

describe('suggestion scoring (docs/product.md#category-suggestion)', () => {
  it('splits words and computes the shared-word ratio over the longer description', () => {
    expect([...words('Starbucks COFFEE, #12 a')]).toEqual(['starbucks', 'coffee', '12']);
    expect(sharedWordRatio(words('coffee'), words('starbucks coffee'))).toBe(0.5);
  });

  it('counts only matches over 0.3, and a category wins only with a total over 0.5', () => {
    // ratio exactly 0.3 (3 of 10 words): does not count, however many times.
    const ten = 'aa ab ac bd be bf bg bh bi bj';
    expect(scoreHistory('aa ab ac', [{ description: ten, categoryId: 'c', count: 10 }])).toBeUndefined();
    // ratio 0.5 once: a total of exactly 0.5 does not win.
    expect(scoreHistory('coffee', [{ description: 'starbucks coffee', categoryId: 'c', count: 1 }])).toBeUndefined();
    // twice: 1.0 wins.
    expect(scoreHistory('coffee', [{ description: 'starbucks coffee', categoryId: 'c', count: 2 }])).toBe('c');
    // 4 of 10 words = 0.4 counts; two of them total 0.8.
    expect(scoreHistory('aa ab ac bd', [{ description: ten, categoryId: 'd', count: 2 }])).toBe('d');
    // the highest score wins.
    expect(
      scoreHistory('whole foods', [
        { description: 'whole foods market', categoryId: 'x', count: 1 },
        { description: 'whole foods', categoryId: 'y', count: 1 },
      ]),
    ).toBe('y');
  });

  it("never matches history on a statement's noise: web and company suffixes, filler, processors' prefixes, numbers and codes", () => {
    expect([...matchWords('AMAZON.COM*RT4KX1YZ2 AMZN.COM/BILL WA')]).toEqual(['amazon', 'amzn', 'bill', 'wa']);
    expect([...matchWords('SQ *BLUE BOTTLE COFFEE #123 OAKLAND')]).toEqual(['blue', 'bottle', 'coffee', 'oakland']);
    expect([...matchWords('POS DEBIT PURCHASE TARGET STORE 00012345 12/04')]).toEqual(['target']);
    // A word with one digit is a name (PS5, 3M), not a code.
    expect([...matchWords('www.1password.com PS5 Ltd')]).toEqual(['1password', 'ps5']);
    const history = [
      { description: 'amazon.com*rt4kx1yz2', categoryId: 'shopping', count: 3 },
      { description: 'amazon.com*mk2lp9qa1 amzn.com/bill wa', categoryId: 'shopping', count: 2 },
      { description: 'walgreens store #5678', categoryId: 'health', count: 4 },
      { description: 'sq *corner barber shop #123', categoryId: 'personal', count: 2 },
      { description: 'apple inc', categoryId: 'tech', count: 2 },
      { description: 'rent payment online', categoryId: 'housing', count: 5 },
    ];
    // Each of these shared only noise with a past description, which used to win.
    for (const typed of ['NETFLIX.COM', 'TARGET STORE #1234', 'SQ *BLUE BOTTLE COFFEE #123', 'SPOTIFY USA INC', 'CAR PAYMENT ONLINE']) {
      expect(scoreHistory(typed, history), typed).toBeUndefined();
    }
    // The merchant itself still matches, whatever its codes.
    expect(scoreHistory('AMAZON.COM*ZZ9XY8WW7', history)).toBe('shopping');
    expect(scoreHistory('WALGREENS #0042', history)).toBe('health');
  });

  it('falls back to the keyword lists matched against category names', () => {
    const cats = [
      { id: 'g', name: 'Groceries' },
      { id: 't', name: 'Transportation' },
      { id: 'h', name: 'Health & Fitness' },
    ];
    expect(matchKeywords('Weekly supermarket run', cats)).toBe('g');
    expect(matchKeywords('uber to the airport', cats)).toBe('t');
    expect(matchKeywords('gym membership', cats)).toBe('h');
    expect(matchKeywords('netflix', cats)).toBeUndefined();
  });

  it('matches category names on whole words, and prefers the best match over the first category', () => {
    const cats = [
      { id: 'index', name: 'Index Funds' },
      { id: 'fun', name: 'Entertainment' },
      { id: 'cards', name: 'Credit Cards' },
      { id: 'homeware', name: 'Homeware' },
    ];
    expect(matchKeywords('Concert tickets', cats)).toBe('fun');
    expect(matchKeywords('Movie night', cats)).toBe('fun');
    expect(matchKeywords('Uber to work', cats)).toBeUndefined(); // "car" is not "Cards"
    expect(matchKeywords('rent for march', cats)).toBeUndefined(); // "home" is not "Homeware"
    // "Fun money" (an alias) loses to "Entertainment" (the group's own name), whichever came first.
    expect(
      matchKeywords('netflix', [
        { id: 'money', name: 'Fun money' },
        { id: 'ent', name: 'Entertainment' },
      ]),
    ).toBe('ent');
    // A stem matches any word it starts: Groceries, Utilities.
    expect(matchKeywords('supermarket', [{ id: 'g', name: 'Weekly groceries' }])).toBe('g');
    expect(
      matchKeywords('electric company', [
        { id: 'b', name: 'Bills' },
        { id: 'u', name: 'Utilities' },
      ]),
    ).toBe('u');
  });
});

const h = useModuleHarness();
const SUGGEST = `query($d: String!) { viewer { categorySuggestion(description: $d) { name } } }`;

describe('categorySuggestion', () => {
  it("suggests from the user's own history, else keywords, never another user's category", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const coffee = await h.db.prisma.budgetCategory.create({ data: { userId: alice.viewer.id, name: 'Treats', type: 'expenses' } });
    await h.db.prisma.budgetCategory.create({ data: { userId: alice.viewer.id, name: 'Groceries', type: 'expenses' } });
    await h.db.prisma.transaction.createMany({
      data: [1, 2].map((i) => ({
        userId: alice.viewer.id,
        categoryId: coffee.id,
        amount: '4.50',
        description: 'Blue Bottle coffee',
        date: new Date(Date.UTC(2026, 0, i)),
      })),
    });
    expect((await alice.gql(SUGGEST, { d: 'blue bottle' })).data.viewer.categorySuggestion).toEqual({ name: 'Treats' });
    expect((await alice.gql(SUGGEST, { d: 'trader joe groceries' })).data.viewer.categorySuggestion).toEqual({ name: 'Groceries' });
    expect((await alice.gql(SUGGEST, { d: 'something else' })).data.viewer.categorySuggestion).toBeNull();
    expect((await bob.gql(SUGGEST, { d: 'blue bottle' })).data.viewer.categorySuggestion).toBeNull();
  });

  it('suggests by the merchant, not by the ".com" or store number it shares with another one', async () => {
    const { viewer, gql } = await h.user();
    const category = (name: string) => h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name, type: 'expenses' } });
    const shopping = await category('Shopping');
    await category('Entertainment');
    await category('Dining');
    const past = ['AMAZON.COM*RT4KX1YZ2', 'Amazon.com*MK2LP9QA1 AMZN.COM/BILL WA', 'TARGET STORE #1234'];
    await h.db.prisma.transaction.createMany({
      data: past.flatMap((description, i) =>
        [1, 2, 3].map((day) => ({
          userId: viewer.id,
          categoryId: shopping.id,
          amount: '20.00',
          description,
          date: new Date(Date.UTC(2026, i, day)),
        })),
      ),
    });
    const suggest = async (d: string) => (await gql(SUGGEST, { d })).data.viewer.categorySuggestion?.name ?? null;
    expect(await suggest('NETFLIX.COM')).toBe('Entertainment');
    expect(await suggest('STARBUCKS #1234')).toBe('Dining');
    expect(await suggest('AMAZON.COM*ZZ9XY8WW7')).toBe('Shopping');
  });
});
