/**
 * SPEC §9 category suggestion, as pure functions. "Words" are the lower-case runs of letters and
 * digits of two characters or more, counted once each. The shared-word ratio of two descriptions
 * is the number of words they share divided by the word count of the longer one (so "coffee"
 * against "starbucks coffee" is 0.5, and a long description never matches on one common word).
 */

export function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? []).slice(0, 50));
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
  const typedWords = words(typed);
  if (typedWords.size === 0) return undefined;
  const scores = new Map<string, number>();
  for (const p of past) {
    const ratio = sharedWordRatio(typedWords, words(p.description));
    if (ratio > MATCH_THRESHOLD) scores.set(p.categoryId, (scores.get(p.categoryId) ?? 0) + ratio * p.count);
  }
  let best: [string, number] | undefined;
  for (const entry of scores) if (!best || entry[1] > best[1]) best = entry;
  return best && best[1] > WIN_THRESHOLD ? best[0] : undefined;
}

/**
 * The keyword lists of SPEC §9: when a description has one of a group's keywords, the user's
 * category whose name matches the group (its name or an alias) is suggested.
 */
export const KEYWORD_GROUPS: { group: string; names: string[]; keywords: string[] }[] = [
  { group: 'groceries', names: ['grocer', 'food', 'supermarket'], keywords: ['grocery', 'groceries', 'supermarket', 'market', 'whole foods', 'trader joe', 'safeway', 'kroger', 'costco', 'aldi', 'walmart', 'produce', 'bakery'] },
  { group: 'dining', names: ['dining', 'restaurant', 'eating out', 'food'], keywords: ['restaurant', 'cafe', 'coffee', 'starbucks', 'pizza', 'burger', 'sushi', 'lunch', 'dinner', 'breakfast', 'takeout', 'doordash', 'ubereats', 'chipotle', 'mcdonald', 'bar'] },
  { group: 'transportation', names: ['transport', 'travel', 'car', 'auto', 'commute', 'gas'], keywords: ['gas', 'fuel', 'uber', 'lyft', 'taxi', 'bus', 'train', 'metro', 'transit', 'parking', 'toll', 'car wash', 'shell', 'chevron', 'airline', 'flight'] },
  { group: 'utilities', names: ['utilit', 'bills'], keywords: ['electric', 'electricity', 'water', 'utility', 'internet', 'phone', 'mobile', 'cable', 'sewer', 'trash', 'power', 'heating'] },
  { group: 'entertainment', names: ['entertainment', 'fun', 'leisure', 'hobbies'], keywords: ['netflix', 'spotify', 'movie', 'cinema', 'theater', 'concert', 'game', 'games', 'hulu', 'disney', 'tickets', 'bowling', 'music'] },
  { group: 'health', names: ['health', 'medical', 'fitness', 'wellness'], keywords: ['pharmacy', 'doctor', 'dentist', 'hospital', 'clinic', 'gym', 'medicine', 'prescription', 'vitamins', 'therapy', 'copay'] },
  { group: 'shopping', names: ['shopping', 'clothing', 'personal', 'household'], keywords: ['amazon', 'target', 'clothing', 'clothes', 'shoes', 'electronics', 'store', 'mall', 'purchase', 'ikea', 'order'] },
  { group: 'housing', names: ['housing', 'rent', 'mortgage', 'home'], keywords: ['rent', 'mortgage', 'landlord', 'hoa', 'insurance', 'repair', 'plumber', 'furniture', 'property'] },
];

export function matchKeywords(typed: string, categories: { id: string; name: string }[]): string | undefined {
  const text = ` ${[...words(typed)].join(' ')} `;
  for (const { names, keywords } of KEYWORD_GROUPS) {
    if (!keywords.some((k) => text.includes(` ${k} `) || (k.includes(' ') && text.includes(k)))) continue;
    const category = categories.find((c) => names.some((n) => c.name.toLowerCase().includes(n)));
    if (category) return category.id;
  }
  return undefined;
}
