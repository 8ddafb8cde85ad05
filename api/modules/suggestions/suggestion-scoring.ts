/**
 * The category suggestion (docs/product.md#category-suggestion), as pure functions. "Words" are the lower-case runs of letters and
 * digits of two characters or more, counted once each. The shared-word ratio of two descriptions
 * is the number of words they share divided by the word count of the longer one (so "coffee"
 * against "starbucks coffee" is 0.5, and a long description never matches on one common word),
 * counting only the words that can name a merchant (`matchWords`).
 */

export function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 50));
}

/**
 * Words a bank statement puts beside any merchant: web addresses (NETFLIX.COM, www), company
 * forms (Inc, LLC), card filler (POS DEBIT PURCHASE) and payment processors' prefixes (SQ *,
 * TST*, PAYPAL *). Two merchants sharing one of them are no more alike.
 */
const NOISE = new Set([
  ...['com', 'net', 'org', 'co', 'io', 'www', 'http', 'https'],
  ...['inc', 'llc', 'ltd', 'corp', 'the', 'and', 'of'],
  ...['pos', 'debit', 'card', 'purchase', 'payment', 'online', 'ach', 'store'],
  ...['sq', 'tst', 'paypal'],
]);

/** A number or a code: a store number (#1234), a day (12/04), a reference (RT4KX1YZ2); one digit in a name (PS5, 3M) is not one. */
const isCode = (word: string) => /^\d+$/.test(word) || /\d\D*\d/.test(word);

/** The words of a description that can tell its merchant: `words` without noise and codes. */
export function matchWords(text: string): Set<string> {
  return new Set([...words(text)].filter((w) => !NOISE.has(w) && !isCode(w)));
}

export function sharedWordRatio(a: Set<string>, b: Set<string>): number {
  const longer = Math.max(a.size, b.size);
  if (longer === 0) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / longer;
}

/** Only a past match whose ratio is over this adds to its category's score. */
export const MATCH_THRESHOLD = 0.3;
/** A category wins when its total score is over this. */
export const WIN_THRESHOLD = 0.5;

export interface PastDescription {
  description: string;
  categoryId: string;
  /** How many past transactions had this description and category. */
  count: number;
}

/** The category whose past matches score highest, if that score is over WIN_THRESHOLD. */
export function scoreHistory(typed: string, past: PastDescription[]): string | undefined {
  return historyScorer(past)(typed);
}

/**
 * `scoreHistory` over one history for many descriptions (an import's rows): the history's words are
 * read once and indexed, so each description only visits the past descriptions it shares a word with.
 */
export function historyScorer(past: PastDescription[]): (typed: string) => string | undefined {
  // No history (a new user's first import): nothing to read the descriptions' words for.
  if (past.length === 0) return () => undefined;
  const pastWords = past.map((p) => matchWords(p.description));
  const byWord = new Map<string, number[]>();
  pastWords.forEach((set, i) => {
    for (const w of set) {
      const list = byWord.get(w);
      if (list) list.push(i);
      else byWord.set(w, [i]);
    }
  });
  return (typed) => {
    const typedWords = matchWords(typed);
    if (typedWords.size === 0) return undefined;
    const candidates = new Set<number>();
    for (const w of typedWords) for (const i of byWord.get(w) ?? []) candidates.add(i);
    const scores = new Map<string, number>();
    // In history order, as a scan of every past description would add them (ties go to the first).
    for (const i of [...candidates].sort((a, b) => a - b)) {
      const p = past[i]!;
      const ratio = sharedWordRatio(typedWords, pastWords[i]!);
      if (ratio > MATCH_THRESHOLD) scores.set(p.categoryId, (scores.get(p.categoryId) ?? 0) + ratio * p.count);
    }
    let best: [string, number] | undefined;
    for (const entry of scores) if (!best || entry[1] > best[1]) best = entry;
    return best && best[1] > WIN_THRESHOLD ? best[0] : undefined;
  };
}

/**
 * The keyword groups (docs/product.md#category-suggestion): when a description has one of a group's keywords, the user's
 * category whose name matches the group is suggested. A group's `names`, most telling first,
 * match category names word by word: "fun" matches the word "fun" or its plural "funs" (never
 * "Funds"), and a name ending in "*" is a stem that matches any word starting with it
 * ("grocer*": Groceries).
 */
export const KEYWORD_GROUPS: { group: string; names: string[]; keywords: string[] }[] = [
  {
    group: 'groceries',
    names: ['grocer*', 'food', 'supermarket'],
    keywords: [
      'grocery',
      'groceries',
      'supermarket',
      'market',
      'whole foods',
      'trader joe',
      'safeway',
      'kroger',
      'costco',
      'aldi',
      'walmart',
      'produce',
      'bakery',
    ],
  },
  {
    group: 'dining',
    names: ['dining', 'restaurant', 'eating out', 'food'],
    keywords: [
      'restaurant',
      'cafe',
      'coffee',
      'starbucks',
      'pizza',
      'burger',
      'sushi',
      'lunch',
      'dinner',
      'breakfast',
      'takeout',
      'doordash',
      'ubereats',
      'chipotle',
      'mcdonald',
      'bar',
    ],
  },
  {
    group: 'transportation',
    names: ['transport*', 'travel*', 'car', 'auto', 'commut*', 'gas', 'gasoline', 'fuel'],
    keywords: [
      'gas',
      'fuel',
      'uber',
      'lyft',
      'taxi',
      'bus',
      'train',
      'metro',
      'transit',
      'parking',
      'toll',
      'car wash',
      'shell',
      'chevron',
      'airline',
      'flight',
    ],
  },
  {
    group: 'utilities',
    names: ['utilit*', 'bill'],
    keywords: ['electric', 'electricity', 'water', 'utility', 'internet', 'phone', 'mobile', 'cable', 'sewer', 'trash', 'power', 'heating'],
  },
  {
    group: 'entertainment',
    names: ['entertain*', 'fun', 'leisure', 'hobby', 'hobbies'],
    keywords: [
      'netflix',
      'spotify',
      'movie',
      'cinema',
      'theater',
      'concert',
      'game',
      'games',
      'hulu',
      'disney',
      'tickets',
      'bowling',
      'music',
    ],
  },
  {
    group: 'health',
    names: ['health*', 'medical', 'fitness', 'wellness'],
    keywords: ['pharmacy', 'doctor', 'dentist', 'hospital', 'clinic', 'gym', 'medicine', 'prescription', 'vitamins', 'therapy', 'copay'],
  },
  {
    group: 'shopping',
    names: ['shopping', 'clothing', 'clothes', 'personal', 'household'],
    keywords: ['amazon', 'target', 'clothing', 'clothes', 'shoes', 'electronics', 'store', 'mall', 'purchase', 'ikea', 'order'],
  },
  {
    group: 'housing',
    names: ['housing', 'rent', 'mortgage', 'home'],
    keywords: ['rent', 'mortgage', 'landlord', 'hoa', 'insurance', 'repair', 'plumber', 'furniture', 'property'],
  },
];

/** How well a category name matches a group's name: 3 the word itself, 2 its plural, 1 a stem's word, 0 not at all. */
function nameMatch(nameWords: string[], alias: string): number {
  if (alias.endsWith('*')) return nameWords.some((w) => w.startsWith(alias.slice(0, -1))) ? 1 : 0;
  const joined = ` ${nameWords.join(' ')} `;
  if (joined.includes(` ${alias} `)) return 3;
  return joined.includes(` ${alias}s `) || joined.includes(` ${alias}es `) ? 2 : 0;
}

/**
 * The category for a description from the keyword lists: the most keywords of one group in the
 * description, then the best name match for that group; ties go to the earlier group, then to the
 * earlier category.
 */
export function matchKeywords(typed: string, categories: { id: string; name: string }[]): string | undefined {
  return keywordMatcher(categories)(typed);
}

/**
 * `matchKeywords` over one list of categories for many descriptions (an import's rows): each
 * group's best category depends on the names only, so it is found once.
 */
export function keywordMatcher(categories: { id: string; name: string }[]): (typed: string) => string | undefined {
  const named = categories.map((c) => ({ id: c.id, words: c.name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [] }));
  const groups = KEYWORD_GROUPS.flatMap(({ names, keywords }) => {
    let best: { id: string; quality: number } | undefined;
    for (const category of named) {
      // An earlier name of the group beats a later one; then a whole word beats a plural or a stem.
      const quality = Math.max(
        ...names.map((n, i) => {
          const match = nameMatch(category.words, n);
          return match && (names.length - i) * 4 + match;
        }),
      );
      if (quality > 0 && (!best || quality > best.quality)) best = { id: category.id, quality };
    }
    // A one-word keyword is one of the description's words; a phrase is looked for in them.
    const phrases = keywords.filter((k) => k.includes(' ')).map((k) => ` ${k} `);
    return best ? [{ single: keywords.filter((k) => !k.includes(' ')), phrases, ...best }] : [];
  });
  return (typed) => {
    const typedWords = words(typed);
    const text = ` ${[...typedWords].join(' ')} `;
    let best: { id: string; hits: number; quality: number } | undefined;
    for (const { single, phrases, id, quality } of groups) {
      let hits = 0;
      for (const k of single) if (typedWords.has(k)) hits++;
      for (const k of phrases) if (text.includes(k)) hits++;
      if (hits > 0 && (!best || hits > best.hits || (hits === best.hits && quality > best.quality))) best = { id, hits, quality };
    }
    return best?.id;
  };
}
