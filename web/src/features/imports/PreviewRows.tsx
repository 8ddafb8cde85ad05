import { Suspense, useId, useState } from 'react';
import styled from 'styled-components';
import { Wand2 } from 'lucide-react';
import { Badge, PayeeBadge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { Input, Select } from '../../components/Form.tsx';
import { RecordSelect } from '../../components/RecordSelect.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import type { AccountOption } from '../accounts/use-account-options.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { PayeeOptions } from '../payees/PayeeField.tsx';
import { PAYEE_MAX } from '../../../../shared/inputs/payees.ts';
import {
  categoryOf,
  isIncluded,
  matchOf,
  matchText,
  MOVEMENT_LABELS,
  movementOf,
  movementsOf,
  payeeOf,
  transferAccountOf,
  type Choices,
  type Movement,
  type PreviewRow,
  type RowChoice,
} from './import-rows.ts';

/** How many rows are drawn at first, and added by "Show more": a file can hold 100,000. */
const STEP = 100;

/**
 * The preview's rows: a checkbox each (matched rows and errors unticked), date, description and
 * amount, its kind (docs/product.md#money-movement), a category select for an expense or refund,
 * the other account of a transfer, what it matched (docs/product.md#matching-what-you-typed) with
 * Unmatch and "Use the bank's date and description", its payee (changeable, the user's payees
 * offered), the rules that changed it, and the error badge.
 */
export function PreviewRows({
  rows,
  choices,
  categories,
  accounts,
  accountId,
  onChoose,
}: {
  rows: readonly PreviewRow[];
  choices: Choices;
  categories: readonly CategoryOption[];
  /** The user's accounts, and the one the rows go into ("" for none). */
  accounts: readonly AccountOption[];
  accountId: string;
  onChoose(index: number, choice: RowChoice): void;
}) {
  const others = accounts.filter((a) => a.id !== accountId);
  const accountName = (id: string) => accounts.find((a) => a.id === id)?.name ?? 'another account';
  const [shown, setShown] = useState(STEP);
  const payeeList = useId();
  return (
    <>
      <Suspense fallback={null}>
        <PayeeOptions id={payeeList} />
      </Suspense>
      <List aria-label="Rows to import">
        {rows.slice(0, shown).map((row) => {
          const choice = choices.get(row.index);
          const included = isIncluded(row, choices);
          const category = categoryOf(row, choices);
          const movement = movementOf(row, choices);
          const match = matchOf(row, choices);
          const transferAccount = transferAccountOf(row, choices);
          const label = `${row.description || `Row ${row.index}`}${row.date ? `, ${row.date}` : ''}`;
          const change = (next: Partial<RowChoice>) => onChoose(row.index, { ...choice, include: included, ...next });
          const moneyIn = row.kind === 'paycheck';
          // A matched row left out writes nothing: it has no kind, category or payee to choose.
          const controls = !row.error && row.amount && !(match && !included);
          return (
            <Item key={row.index} $muted={!included}>
              <input
                type="checkbox"
                aria-label={`Import ${label}`}
                checked={included}
                disabled={!!row.error || !row.date}
                onChange={(e) => change({ include: e.target.checked })}
              />
              <div className="main">
                <span className="description">{row.description || '—'}</span>
                <span className="meta">
                  {row.date ? formatShortDate(row.date) : 'No date'}
                  {movement === 'INCOME' && <Badge $tone="success">Income</Badge>}
                  {movement === 'REFUND' && <Badge $tone="success">Refund</Badge>}
                  {movement === 'TRANSFER' && <Badge $tone="primary">Transfer</Badge>}
                  {match && <Badge $tone="warning">Duplicate</Badge>}
                  {!controls && row.payee && <PayeeBadge name={row.payee} />}
                  {row.ruleIds.length > 0 && (
                    <Badge $tone="primary" title="A rule changed this row: see Rules">
                      <Wand2 aria-hidden /> {row.ruleIds.length === 1 ? 'Rule applied' : `${row.ruleIds.length} rules applied`}
                    </Badge>
                  )}
                </span>
                {row.error && (
                  <Badge $tone="danger" role="note">
                    {row.error}
                  </Badge>
                )}
                {match && (
                  <Matched>
                    <span>{matchText(match, formatShortDate)}</span>
                    <Button
                      type="button"
                      $variant="ghost"
                      $size="sm"
                      onClick={() => change({ matchId: null, include: true, takeBankDetails: undefined })}
                    >
                      Unmatch
                    </Button>
                    {!included && (
                      <label>
                        <input
                          type="checkbox"
                          checked={!!choice?.takeBankDetails}
                          onChange={(e) => change({ takeBankDetails: e.target.checked || undefined })}
                        />
                        Use the bank’s date and description
                      </label>
                    )}
                  </Matched>
                )}
                {!match && row.matchCandidates.length > 0 && (
                  <Select
                    aria-label={`Match ${label} by hand`}
                    value=""
                    onChange={(e) => e.target.value && change({ matchId: e.target.value, include: false })}
                  >
                    <option value="">Match by hand with…</option>
                    {row.matchCandidates.map((c) => (
                      <option key={c.record} value={c.record}>
                        {c.description || '—'} · {formatMoney(c.amount)} · {formatShortDate(c.date)}
                      </option>
                    ))}
                  </Select>
                )}
                {!match && row.match && (
                  <Matched>
                    <span>Not matched: imported as new</span>
                    <Button type="button" $variant="ghost" $size="sm" onClick={() => change({ matchId: undefined, include: false })}>
                      Match again
                    </Button>
                  </Matched>
                )}
                {controls && (
                  <Controls>
                    <Select
                      aria-label={`Kind of ${label}`}
                      value={movement}
                      disabled={!included}
                      onChange={(e) => change({ movement: e.target.value as Movement })}
                    >
                      {movementsOf(row).map((m) => (
                        <option key={m} value={m}>
                          {MOVEMENT_LABELS[m as keyof typeof MOVEMENT_LABELS]}
                        </option>
                      ))}
                    </Select>
                    {(movement === 'EXPENSE' || movement === 'REFUND') && (
                      <RecordSelect
                        records={categories}
                        aria-label={`Category of ${label}`}
                        value={category ?? ''}
                        disabled={!included}
                        onChange={(e) => change({ categoryId: e.target.value || null })}
                      >
                        <option value="">Uncategorized</option>
                      </RecordSelect>
                    )}
                    {movement !== 'TRANSFER' && (
                      <Input
                        aria-label={`Payee of ${label}`}
                        placeholder="No payee"
                        list={payeeList}
                        maxLength={PAYEE_MAX}
                        autoComplete="off"
                        value={payeeOf(row, choices)}
                        disabled={!included}
                        onChange={(e) => change({ payee: e.target.value })}
                      />
                    )}
                    {movement === 'TRANSFER' && (
                      <RecordSelect
                        records={others}
                        aria-label={`${moneyIn ? 'From' : 'To'} account of ${label}`}
                        value={transferAccount ?? ''}
                        disabled={!accountId}
                        onChange={(e) => change({ transferAccountId: e.target.value || null, include: !!e.target.value })}
                      >
                        <option value="">{moneyIn ? 'From which account?' : 'To which account?'}</option>
                      </RecordSelect>
                    )}
                  </Controls>
                )}
                {movement === 'TRANSFER' && row.transferMatch && transferAccount === row.transferMatch.accountId && (
                  <span className="meta">
                    Its other side is already in {accountName(row.transferMatch.accountId)} (
                    {row.transferMatch.description ?? 'no description'}, {formatShortDate(row.transferMatch.date)}): it becomes this
                    transfer
                  </span>
                )}
                {movement === 'TRANSFER' && !accountId && (
                  <span className="meta">Choose the account the file goes into to import a transfer</span>
                )}
              </div>
              <Amount $income={moneyIn && movement !== 'TRANSFER'}>
                {row.amount ? `${moneyIn ? '+' : '-'}${formatMoney(row.amount)}` : '—'}
              </Amount>
            </Item>
          );
        })}
      </List>
      {rows.length > shown && (
        <More type="button" $variant="ghost" $size="sm" onClick={() => setShown((n) => n + STEP * 10)}>
          Show more rows ({rows.length - shown} not shown)
        </More>
      )}
    </>
  );
}

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
`;
const Item = styled.li<{ $muted: boolean }>`
  display: grid;
  grid-template-columns: auto minmax(0, 1fr) auto;
  gap: 0.6rem;
  align-items: start;
  padding: 0.6rem 0.75rem;
  & + & {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
  input[type='checkbox'] {
    margin-top: 0.25rem;
    width: 1rem;
    height: 1rem;
  }
  .main {
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
    min-width: 0;
    opacity: ${({ $muted }) => ($muted ? 0.6 : 1)};
  }
  .description {
    font-weight: 600;
    overflow-wrap: anywhere;
  }
  .meta {
    display: flex;
    gap: 0.4rem;
    align-items: center;
    flex-wrap: wrap;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.82rem;
  }
  [role='note'] {
    white-space: normal;
  }
  select,
  input:not([type='checkbox']) {
    padding: 0.3rem 0.5rem;
    font-size: 0.85rem;
  }
`;
const Matched = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.3rem 0.6rem;
  font-size: 0.82rem;
  color: ${({ theme }) => theme.color.textMuted};
  label {
    display: inline-flex;
    align-items: center;
    gap: 0.35rem;
  }
`;
const Controls = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr));
  gap: 0.4rem;
`;
const Amount = styled.span<{ $income: boolean }>`
  font-variant-numeric: tabular-nums;
  font-weight: 600;
  color: ${({ theme, $income }) => ($income ? theme.color.success : theme.color.text)};
`;
const More = styled(Button)`
  margin-top: 0.5rem;
  align-self: center;
`;
