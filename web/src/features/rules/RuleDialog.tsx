import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Plus, X } from 'lucide-react';
import type { RuleDialogAddMutation } from '../../__generated__/RuleDialogAddMutation.graphql.ts';
import type { RuleDialogUpdateMutation } from '../../__generated__/RuleDialogUpdateMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { AddButton, Button } from '../../components/Button.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { Field, Input, Select, Textarea } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { OPS_OF, RULE_FIELDS, RULE_KINDS } from '../../../../shared/inputs/rules.ts';
import { AccountField } from '../accounts/AccountField.tsx';
import type { AccountOption } from '../accounts/use-account-options.ts';
import { CategoryField } from '../budget/CategoryField.tsx';
import type { CategoryOption } from '../budget/use-category-options.ts';
import { PayeeField } from '../payees/PayeeField.tsx';
import {
  check,
  emptyRule,
  FIELD_LABELS,
  KIND_LABELS,
  newCondition,
  OP_LABELS,
  toInput,
  withField,
  type ConditionValues,
  type RuleValues,
} from './rule-form.ts';

const ADD = graphql`
  mutation RuleDialogAddMutation($input: CreateRuleInput!) {
    createRule(input: $input) {
      rule {
        id
      }
    }
  }
`;
const UPDATE = graphql`
  mutation RuleDialogUpdateMutation($input: UpdateRuleInput!) {
    updateRule(input: $input) {
      rule {
        id
      }
    }
  }
`;

/**
 * Add Rule (its own trigger) or, given `rule`, Edit Rule (open while mounted): its conditions,
 * all of which must hold, and its actions (docs/product.md#rules). `initial` fills a new rule (the
 * re-categorisation suggestion's). The screen reloads after a save (`onSaved`).
 */
export function RuleDialog({
  rule,
  initial,
  categories,
  accounts,
  trigger = true,
  open: controlled,
  onOpenChange,
  onSaved,
}: {
  rule?: { id: string; values: RuleValues };
  initial?: RuleValues;
  categories: readonly CategoryOption[];
  accounts: readonly AccountOption[];
  trigger?: boolean;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  onSaved(): void;
}) {
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlled ?? ownOpen;
  const start = rule?.values ?? initial ?? emptyRule();
  const [values, setValues] = useState(start);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [add, adding] = useMutationAction<RuleDialogAddMutation>(ADD);
  const [update, updating] = useMutationAction<RuleDialogUpdateMutation>(UPDATE);
  const setOpen = (next: boolean) => {
    if (next) {
      setValues(start);
      setErrors({});
    }
    (onOpenChange ?? setOwnOpen)(next);
  };
  const setCondition = (i: number, c: ConditionValues) =>
    setValues({ ...values, conditions: values.conditions.map((old, j) => (j === i ? c : old)) });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length) return;
    const options = {
      onFieldErrors: (server: Record<string, string>) => setErrors(server),
      onDone: () => {
        (onOpenChange ?? setOwnOpen)(false);
        onSaved();
      },
    };
    if (rule)
      update({ input: { id: rule.id, ...toInput(values) } }, { ...options, success: SUCCESS.ruleUpdated, failure: FAILURE.updateRule });
    else add({ input: toInput(values) }, { ...options, success: SUCCESS.ruleAdded, failure: FAILURE.addRule });
  };
  return (
    <FormDialog
      open={open}
      onOpenChange={setOpen}
      title={rule ? 'Edit Rule' : 'Add Rule'}
      description="When a record meets every condition, the rule fills in what it says."
      trigger={trigger && !rule && <AddButton>Add Rule</AddButton>}
      onSubmit={submit}
      submitLabel={rule ? 'Save' : 'Add Rule'}
      savingLabel="Saving…"
      saving={adding || updating}
    >
      <Section aria-label="Conditions">
        <h3>When</h3>
        {values.conditions.map((c, i) => (
          <Condition key={i} aria-label={`Condition ${i + 1}`}>
            <Field label="Field">
              <Select value={c.field} onChange={(e) => setCondition(i, withField(c, e.target.value as ConditionValues['field']))}>
                {RULE_FIELDS.map((f) => (
                  <option key={f} value={f}>
                    {FIELD_LABELS[f]}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Test" error={errors[`conditions.${i}.op`]}>
              <Select value={c.op} onChange={(e) => setCondition(i, { ...c, op: e.target.value as ConditionValues['op'] })}>
                {OPS_OF[c.field].map((op) => (
                  <option key={op} value={op}>
                    {OP_LABELS[op]}
                  </option>
                ))}
              </Select>
            </Field>
            <ConditionValue
              condition={c}
              accounts={accounts}
              error={errors[`conditions.${i}.value`]}
              onChange={(next) => setCondition(i, next)}
            />
            {values.conditions.length > 1 && (
              <Button
                type="button"
                $variant="ghost"
                $size="sm"
                aria-label={`Remove condition ${i + 1}`}
                onClick={() => setValues({ ...values, conditions: values.conditions.filter((_, j) => j !== i) })}
              >
                <X aria-hidden />
              </Button>
            )}
          </Condition>
        ))}
        {errors.conditions && <Problem role="alert">{errors.conditions}</Problem>}
        <div>
          <Button
            type="button"
            $variant="secondary"
            $size="sm"
            onClick={() => setValues({ ...values, conditions: [...values.conditions, newCondition()] })}
          >
            <Plus aria-hidden /> Add condition
          </Button>
        </div>
      </Section>
      <Section aria-label="Actions">
        <h3>Then</h3>
        <PayeeField
          label="Set payee"
          value={values.payee}
          onChange={(e) => setValues({ ...values, payee: e.target.value })}
          error={errors['actions.payee']}
        />
        <CategoryField
          label="Set category"
          categories={categories}
          value={values.categoryId}
          onChange={(e) => setValues({ ...values, categoryId: e.target.value })}
          error={errors['actions.categoryId']}
        >
          <option value="">Leave as it is</option>
        </CategoryField>
        <Field label="Set notes (paychecks)" error={errors['actions.notes']}>
          <Textarea value={values.notes} onChange={(e) => setValues({ ...values, notes: e.target.value })} rows={2} />
        </Field>
        <AccountField
          label="Make it a transfer with (imports)"
          accounts={accounts}
          value={values.transferAccountId}
          onChange={(e) => setValues({ ...values, transferAccountId: e.target.value })}
          error={errors['actions.transferAccountId']}
        >
          <option value="">No transfer</option>
        </AccountField>
        {errors.actions && <Problem role="alert">{errors.actions}</Problem>}
      </Section>
    </FormDialog>
  );
}

/** A condition's value: text, an amount or two, an account, or a kind. */
function ConditionValue({
  condition: c,
  accounts,
  error,
  onChange,
}: {
  condition: ConditionValues;
  accounts: readonly AccountOption[];
  error?: string;
  onChange(c: ConditionValues): void;
}) {
  if (c.field === 'accountId')
    return (
      <AccountField
        label="Value"
        accounts={accounts}
        required
        value={c.value}
        onChange={(e) => onChange({ ...c, value: e.target.value })}
        error={error}
      />
    );
  if (c.field === 'kind')
    return (
      <Field label="Value" error={error}>
        <Select value={c.value} onChange={(e) => onChange({ ...c, value: e.target.value })}>
          {RULE_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </Field>
    );
  if (c.op === 'between')
    return (
      <Between>
        <Field label="From" error={error}>
          <Input value={c.value} inputMode="decimal" placeholder="0.00" onChange={(e) => onChange({ ...c, value: e.target.value })} />
        </Field>
        <Field label="To">
          <Input value={c.high} inputMode="decimal" placeholder="0.00" onChange={(e) => onChange({ ...c, high: e.target.value })} />
        </Field>
      </Between>
    );
  return (
    <Field label="Value" error={error}>
      <Input
        value={c.value}
        inputMode={c.field === 'amount' ? 'decimal' : undefined}
        placeholder={c.field === 'amount' ? '0.00' : 'e.g. coffee'}
        onChange={(e) => onChange({ ...c, value: e.target.value })}
      />
    </Field>
  );
}

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: 0.75rem;
  h3 {
    font-size: 0.9rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;

/** A condition: its field and test side by side, its value under them (the remove button at the end of the first line). */
const Condition = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr) auto;
  gap: 0.5rem;
  align-items: end;
  padding-bottom: 0.75rem;
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
  > :nth-child(3) {
    grid-column: 1 / 3;
    grid-row: 2;
  }
`;

const Between = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 0.5rem;
`;

const Problem = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.85rem;
`;
