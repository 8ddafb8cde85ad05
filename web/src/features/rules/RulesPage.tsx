import { useState } from 'react';
import styled from 'styled-components';
import { graphql } from 'react-relay';
import { ArrowDown, ArrowUp, Pencil, Play, Trash2 } from 'lucide-react';
import type { RulesPageQuery } from '../../__generated__/RulesPageQuery.graphql.ts';
import type { RulesPageDeleteMutation } from '../../__generated__/RulesPageDeleteMutation.graphql.ts';
import type { RulesPageMoveMutation } from '../../__generated__/RulesPageMoveMutation.graphql.ts';
import { useRefetchQuery, useRouteQuery } from '../../relay/route-query.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { Card, CardHeader } from '../../components/Card.tsx';
import { Badge } from '../../components/Badge.tsx';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/Dialog.tsx';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';
import { useCategoryOptions } from '../budget/use-category-options.ts';
import { useAccountOptions } from '../accounts/use-account-options.ts';
import { PayeesCard } from '../payees/PayeesCard.tsx';
import { RuleDialog } from './RuleDialog.tsx';
import { ApplyRuleDialog } from './ApplyRuleDialog.tsx';
import { describeRule, fromRule, type RuleValues } from './rule-form.ts';
import { useReadOnlyControl } from '../../app/read-only.tsx';

const QUERY = graphql`
  query RulesPageQuery {
    viewer {
      rules(first: 200) {
        edges {
          node {
            id
            conditions {
              field
              op
              value
            }
            actions {
              payee
              categoryId
              notes
              transferAccountId
            }
          }
        }
      }
      payees(first: 500) {
        edges {
          node {
            id
            name
            transactionCount
            paycheckCount
          }
        }
      }
      ...useCategoryOptions_viewer
      ...useAccountOptions_viewer
    }
  }
`;

/**
 * Rules and payees (docs/product.md#rules, #payees): the rules in the order they run, each
 * editable, movable, applicable to the records already there and deletable; the payees, renamed
 * and merged. A change reloads the screen (the order and counts are the server's).
 */
export default function RulesPage() {
  const readOnly = useReadOnlyControl();
  const { viewer } = useRouteQuery<RulesPageQuery>(QUERY, {});
  const reload = useRefetchQuery<RulesPageQuery>(QUERY, {});
  const categories = useCategoryOptions(viewer);
  const { accounts } = useAccountOptions(viewer);
  const names = {
    categories: new Map(categories.map((c) => [c.id, c.name])),
    accounts: new Map(accounts.map((a) => [a.id, a.name])),
  };
  const rules = viewer.rules.edges.map(({ node: { id, conditions, actions } }) => ({
    id,
    values: fromRule({
      conditions: conditions.map(({ field, op, value }) => ({ field, op, value })),
      actions: { payee: actions.payee, categoryId: actions.categoryId, notes: actions.notes, transferAccountId: actions.transferAccountId },
    }),
  }));
  const payees = viewer.payees.edges.map(({ node: { id, name, transactionCount, paycheckCount } }) => ({
    id,
    name,
    transactionCount,
    paycheckCount,
  }));
  const [editing, setEditing] = useState<{ id: string; values: RuleValues } | null>(null);
  const [applying, setApplying] = useState<{ id: string; summary: string } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [remove, removing] = useMutationAction<RulesPageDeleteMutation>(graphql`
    mutation RulesPageDeleteMutation($id: ID!) {
      deleteRule(id: $id) {
        deletedId
      }
    }
  `);
  const [move] = useMutationAction<RulesPageMoveMutation>(graphql`
    mutation RulesPageMoveMutation($input: UpdateRuleInput!) {
      updateRule(input: $input) {
        rule {
          id
        }
      }
    }
  `);
  const moveTo = (id: string, position: number) =>
    move({ input: { id, position } }, { success: SUCCESS.ruleUpdated, failure: FAILURE.updateRule, onDone: reload });
  return (
    <>
      <PageHeader
        title="Rules"
        description="Rules fill in payees and categories as records are added and imported, in this order."
        actions={<RuleDialog categories={categories} accounts={accounts} onSaved={reload} />}
      />
      <Layout>
        <Card aria-label="Your rules">
          <CardHeader>
            <h2>
              Your rules <Badge $tone="primary">{rules.length}</Badge>
            </h2>
          </CardHeader>
          {rules.length === 0 ? (
            <EmptyState title="No rules yet" text="Add one, or re-categorise two records of a payee: the app offers to always do it." />
          ) : (
            <Rows aria-label="Rules, in the order they run">
              {rules.map((rule, i) => {
                const { when, then } = describeRule(rule.values, names);
                const summary = `When ${when}: ${then}`;
                return (
                  <li key={rule.id} aria-label={summary}>
                    <div className="text">
                      <span className="when">
                        <b>When</b> {when}
                      </span>
                      <span className="then">
                        <b>Then</b> {then}
                      </span>
                    </div>
                    <div className="actions">
                      <Button
                        type="button"
                        $variant="ghost"
                        $size="sm"
                        aria-label={`Move up: ${summary}`}
                        disabled={i === 0}
                        {...readOnly}
                        onClick={() => moveTo(rule.id, i - 1)}
                      >
                        <ArrowUp aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        $variant="ghost"
                        $size="sm"
                        aria-label={`Move down: ${summary}`}
                        disabled={i === rules.length - 1}
                        {...readOnly}
                        onClick={() => moveTo(rule.id, i + 1)}
                      >
                        <ArrowDown aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        $variant="secondary"
                        $size="sm"
                        onClick={() => setApplying({ id: rule.id, summary })}
                        {...readOnly}
                      >
                        <Play aria-hidden /> Apply
                      </Button>
                      <Button type="button" $variant="ghost" $size="sm" aria-label={`Edit: ${summary}`} onClick={() => setEditing(rule)}>
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        type="button"
                        $variant="ghost"
                        $size="sm"
                        aria-label={`Delete: ${summary}`}
                        onClick={() => setDeleting(rule.id)}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </li>
                );
              })}
            </Rows>
          )}
        </Card>
        <PayeesCard payees={payees} onChanged={reload} />
      </Layout>
      {editing && (
        <RuleDialog
          rule={editing}
          categories={categories}
          accounts={accounts}
          open
          onOpenChange={(open) => !open && setEditing(null)}
          onSaved={reload}
        />
      )}
      {applying && <ApplyRuleDialog {...applying} onClose={() => setApplying(null)} onApplied={reload} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this rule?"
        description="Records it already changed stay as they are."
        busy={removing}
        onConfirm={() =>
          deleting &&
          remove(
            { id: deleting },
            {
              success: SUCCESS.ruleDeleted,
              failure: FAILURE.deleteRule,
              onDone: () => {
                setDeleting(null);
                reload();
              },
            },
          )
        }
      />
    </>
  );
}

const Layout = styled.div`
  display: grid;
  gap: 1.5rem;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 0.5rem 1rem;
    padding: 0.75rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  li:last-child {
    border-bottom: none;
  }
  .text {
    display: flex;
    flex-direction: column;
    gap: 0.2rem;
    min-width: min(100%, 16rem);
    flex: 1;
    overflow-wrap: anywhere;
  }
  .then {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  .actions {
    display: flex;
    gap: 0.25rem;
    flex-wrap: wrap;
  }
`;
