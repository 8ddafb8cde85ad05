/** Names as a sentence says them: "Household", "Household and Trip", "Household, Trip and Cabin". */
export function namesList(names: readonly string[]) {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}
