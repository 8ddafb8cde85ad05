import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { Plus } from 'lucide-react';
import type { AddCategoryFormMutation } from '../../__generated__/AddCategoryFormMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { Input, Select } from '../../components/Form.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { CATEGORY_TYPES, type CategoryType } from './category-types.ts';
import { ErrorText } from './ErrorText.tsx';
import { useShownMonth } from './budget-variables.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

/**
 * The Budget screen's one-line Add: a name and a type; the category joins the end of the list
 * `connection`, and This month's card.
 */
export function AddCategoryForm({ connection }: { connection: string }) {
  const [name, setName] = useState('');
  const [type, setType] = useState<CategoryType>('expenses');
  // What the server refused of the new category.
  const [error, setError] = useState<string>();
  const month = useShownMonth();
  const [add, adding] = useMutationAction<AddCategoryFormMutation>(graphql`
    mutation AddCategoryFormMutation($input: AddBudgetCategoryInput!, $connections: [ID!]!, $month: String) {
      addBudgetCategory(input: $input) {
        budgetCategory @appendNode(connections: $connections, edgeTypeName: "UserBudgetCategoriesConnectionEdge") {
          ...useAllocationEdits_categories
          ...BudgetRow_category
        }
        viewer {
          budgetMonth(month: $month) {
            ...BudgetMonth_month
          }
        }
      }
    }
  `);
  return (
    <>
      <Row
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) return;
          add(
            { input: { name: name.trim(), type }, connections: [connection], month },
            {
              success: SUCCESS.categoryAdded,
              failure: FAILURE.addCategory,
              onFieldErrors: (errors) => setError(errors.name ?? Object.values(errors)[0]),
              onDone: () => {
                setName('');
                setError(undefined);
              },
            },
          );
        }}
      >
        <Input
          aria-label="Category name"
          aria-invalid={error ? true : undefined}
          placeholder="New category name"
          value={name}
          maxLength={100}
          onChange={(e) => {
            setName(e.target.value);
            setError(undefined);
          }}
        />
        <Select aria-label="Category type" value={type} onChange={(e) => setType(e.target.value as CategoryType)}>
          {CATEGORY_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </Select>
        <Button type="submit" disabled={!name.trim() || adding} {...useReadOnlyControl()}>
          <Plus aria-hidden /> Add
        </Button>
      </Row>
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </>
  );
}

const Row = styled.form`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 12rem auto;
  gap: 0.75rem;
  margin: 1.5rem 0 1rem;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;
