/** "1 transaction", "2 transactions": a count and its noun, plural-aware (`many` for nouns that do not just add an s). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
