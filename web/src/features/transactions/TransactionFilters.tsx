import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import { Button } from '../../components/Button.tsx';
import { Field, Input, Select } from '../../components/Form.tsx';
import { AccountField } from '../accounts/AccountField.tsx';
import { CategoryField } from '../budget/CategoryField.tsx';
import type { CategoryOption } from '../budget/use-category-options.ts';
import type { AccountOption } from '../accounts/use-account-options.ts';
import { typedAmount } from '../../lib/money.ts';
import type { FilterValues } from './transaction-filter.ts';
import type { PayeeOption } from '../payees/use-payee-options.ts';

const TYPING_MS = 300;

/** Every filter unset: what Clear filters asks for. */
export const NO_FILTERS: FilterValues = {
  q: '',
  from: '',
  to: '',
  minAmount: '',
  maxAmount: '',
  categoryId: '',
  uncategorized: false,
  accountId: '',
  kind: '',
  payeeId: '',
};

/**
 * The filters of the Transactions screen: search, category, kind, account, and (under More filters)
 * days and amounts. Each change goes to the URL (`onChange`, with only the fields it changes);
 * typed ones once typing pauses, amounts without the thousands separators typed.
 */
export function TransactionFilters({
  values,
  errors,
  categories,
  accounts,
  payees,
  onChange,
}: {
  values: FilterValues;
  errors: Partial<Record<keyof FilterValues, string>>;
  categories: readonly CategoryOption[];
  accounts: readonly AccountOption[];
  payees: readonly PayeeOption[];
  onChange(change: Partial<FilterValues>): void;
}) {
  const ranged = Boolean(values.from || values.to || values.minAmount || values.maxAmount || values.payeeId);
  const [more, setMore] = useState(ranged);
  const any = Object.values(values).some((v) => v !== '' && v !== false);
  const category = values.uncategorized ? 'none' : values.categoryId || 'all';
  return (
    <Bar role="search" aria-label="Filter transactions">
      <div className="main">
        <Field label="Search" error={errors.q}>
          <Typed value={values.q} onCommit={(q) => onChange({ q })} type="search" placeholder="Words in the description or payee…" icon />
        </Field>
        <CategoryField
          label="Filter by Category"
          error={errors.categoryId}
          categories={categories}
          value={category}
          onChange={(e) =>
            onChange(
              e.target.value === 'none'
                ? { uncategorized: true, categoryId: '' }
                : { uncategorized: false, categoryId: e.target.value === 'all' ? '' : e.target.value },
            )
          }
        >
          <option value="all">All Transactions</option>
          <option value="none">Uncategorized</option>
        </CategoryField>
        <Field label="Filter by Kind" error={errors.kind}>
          <Select value={values.kind || 'all'} onChange={(e) => onChange({ kind: e.target.value === 'all' ? '' : e.target.value })}>
            <option value="all">Expenses and refunds</option>
            <option value="expense">Expenses</option>
            <option value="refund">Refunds</option>
          </Select>
        </Field>
        {accounts.length > 0 && (
          <AccountField
            label="Filter by Account"
            accounts={accounts}
            value={values.accountId || 'all'}
            onChange={(e) => onChange({ accountId: e.target.value === 'all' ? '' : e.target.value })}
          >
            <option value="all">All Accounts</option>
          </AccountField>
        )}
      </div>
      {(more || ranged) && (
        <div className="more">
          <Field label="Filter by Payee" error={errors.payeeId}>
            <Select value={values.payeeId || 'all'} onChange={(e) => onChange({ payeeId: e.target.value === 'all' ? '' : e.target.value })}>
              <option value="all">All Payees</option>
              {payees.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="From" error={errors.from}>
            <Input type="date" value={values.from} onChange={(e) => onChange({ from: e.target.value })} />
          </Field>
          <Field label="To" error={errors.to}>
            <Input type="date" value={values.to} onChange={(e) => onChange({ to: e.target.value })} />
          </Field>
          <Field label="Min amount" error={errors.minAmount}>
            <Typed
              value={values.minAmount}
              onCommit={(minAmount) => onChange({ minAmount: typedAmount(minAmount) })}
              inputMode="decimal"
              placeholder="0.00"
            />
          </Field>
          <Field label="Max amount" error={errors.maxAmount}>
            <Typed
              value={values.maxAmount}
              onCommit={(maxAmount) => onChange({ maxAmount: typedAmount(maxAmount) })}
              inputMode="decimal"
              placeholder="Any"
            />
          </Field>
        </div>
      )}
      <div className="actions">
        {!ranged && (
          <Button type="button" $variant="ghost" $size="sm" aria-expanded={more} onClick={() => setMore(!more)}>
            <SlidersHorizontal aria-hidden /> {more ? 'Fewer filters' : 'More filters'}
          </Button>
        )}
        {any && (
          <Button type="button" $variant="ghost" $size="sm" onClick={() => onChange(NO_FILTERS)}>
            <X aria-hidden /> Clear filters
          </Button>
        )}
      </div>
    </Bar>
  );
}

/**
 * A text filter: what is typed shows at once, and goes to `onCommit` when typing pauses (or on
 * Enter). A value changed from outside (back button, Clear filters) replaces what is shown.
 */
function Typed({
  value,
  onCommit,
  icon,
  ...props
}: { value: string; onCommit(value: string): void; icon?: boolean } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next !== value) onCommit(next);
  };
  return (
    <TypedBox $icon={icon}>
      {icon && <Search aria-hidden />}
      <Input
        {...props}
        value={draft}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), TYPING_MS);
        }}
        onKeyDown={(e) => e.key === 'Enter' && commit(draft)}
      />
    </TypedBox>
  );
}

const Bar = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  width: 100%;
  .main,
  .more {
    display: grid;
    grid-template-columns: repeat(auto-fit, minmax(min(100%, 12rem), 1fr));
    gap: 0.75rem;
  }
  .main > :first-child {
    grid-column: span 2;
  }
  .actions {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    .main > :first-child {
      grid-column: auto;
    }
    /* From and To, Min and Max: side by side, two short fields each. */
    .more {
      grid-template-columns: repeat(2, minmax(0, 1fr));
    }
  }
`;
const TypedBox = styled.div<{ $icon?: boolean }>`
  position: relative;
  svg {
    position: absolute;
    left: 0.7rem;
    top: 50%;
    transform: translateY(-50%);
    width: 1rem;
    height: 1rem;
    color: ${({ theme }) => theme.color.textMuted};
    pointer-events: none;
  }
  input {
    padding-left: ${({ $icon }) => ($icon ? '2.2rem' : undefined)};
  }
`;
