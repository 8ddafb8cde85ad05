import { useState } from 'react';
import styled from 'styled-components';
import { Wand2 } from 'lucide-react';
import { Badge, PayeeBadge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { RecordSelect } from '../../components/RecordSelect.tsx';
import { formatShortDate } from '../../lib/dates.ts';
import { formatMoney } from '../../lib/money.ts';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { categoryOf, isIncluded, type Choices, type PreviewRow, type RowChoice } from './import-rows.ts';

/** How many rows are drawn at first, and added by "Show more": a file can hold 100,000. */
const STEP = 100;

/**
 * The preview's rows: a checkbox each (duplicates and errors unticked), date, description and
 * amount, its payee, a category select for an expense, and the duplicate, rule and error badges.
 */
export function PreviewRows({
  rows,
  choices,
  categories,
  onChoose,
}: {
  rows: readonly PreviewRow[];
  choices: Choices;
  categories: readonly CategoryOption[];
  onChoose(index: number, choice: RowChoice): void;
}) {
  const [shown, setShown] = useState(STEP);
  return (
    <>
      <List aria-label="Rows to import">
        {rows.slice(0, shown).map((row) => {
          const included = isIncluded(row, choices);
          const category = categoryOf(row, choices);
          const label = `${row.description || `Row ${row.index}`}${row.date ? `, ${row.date}` : ''}`;
          return (
            <Item key={row.index} $muted={!included}>
              <input
                type="checkbox"
                aria-label={`Import ${label}`}
                checked={included}
                disabled={!!row.error || !row.date}
                onChange={(e) => onChoose(row.index, { ...choices.get(row.index), include: e.target.checked })}
              />
              <div className="main">
                <span className="description">{row.description || '—'}</span>
                <span className="meta">
                  {row.date ? formatShortDate(row.date) : 'No date'}
                  {row.kind === 'paycheck' && <Badge $tone="success">Income</Badge>}
                  {row.duplicateOf && <Badge $tone="warning">Duplicate</Badge>}
                  {row.payee && <PayeeBadge name={row.payee} />}
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
                {row.kind === 'transaction' && !row.error && (
                  <RecordSelect
                    records={categories}
                    aria-label={`Category of ${label}`}
                    value={category ?? ''}
                    disabled={!included}
                    onChange={(e) => onChoose(row.index, { include: included, categoryId: e.target.value || null })}
                  >
                    <option value="">Uncategorized</option>
                  </RecordSelect>
                )}
              </div>
              <Amount $income={row.kind === 'paycheck'}>
                {row.amount ? `${row.kind === 'paycheck' ? '+' : '-'}${formatMoney(row.amount)}` : '—'}
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
  select {
    padding: 0.3rem 0.5rem;
    font-size: 0.85rem;
  }
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
