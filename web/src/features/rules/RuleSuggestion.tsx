import { Suspense } from 'react';
import styled from 'styled-components';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Wand2 } from 'lucide-react';
import type { RuleSuggestionQuery } from '../../__generated__/RuleSuggestionQuery.graphql.ts';
import type { RuleSuggestionCreateMutation } from '../../__generated__/RuleSuggestionCreateMutation.graphql.ts';
import { useMutationAction } from '../../app/use-mutation-action.ts';
import { Button } from '../../components/Button.tsx';
import { FAILURE, SUCCESS } from '../../lib/messages.ts';

/**
 * "Always categorise <payee> as <category>?" (docs/product.md#rules), after the user
 * re-categorised `transactionId`: the server says whether to offer it; yes creates the rule.
 * Shown until answered (`onDone`).
 */
export function RuleSuggestion({ transactionId, onDone }: { transactionId: string; onDone(): void }) {
  return (
    <Suspense fallback={null}>
      <Offer transactionId={transactionId} onDone={onDone} />
    </Suspense>
  );
}

function Offer({ transactionId, onDone }: { transactionId: string; onDone(): void }) {
  const { viewer } = useLazyLoadQuery<RuleSuggestionQuery>(
    graphql`
      query RuleSuggestionQuery($id: ID!) {
        viewer {
          ruleSuggestion(transactionId: $id) {
            payee {
              name
            }
            category {
              id
              name
            }
          }
        }
      }
    `,
    { id: transactionId },
    { fetchPolicy: 'network-only' },
  );
  const [create, creating] = useMutationAction<RuleSuggestionCreateMutation>(graphql`
    mutation RuleSuggestionCreateMutation($input: CreateRuleInput!) {
      createRule(input: $input) {
        rule {
          id
        }
      }
    }
  `);
  const offer = viewer.ruleSuggestion;
  if (!offer) return null;
  const question = `Always categorise ${offer.payee.name} as ${offer.category.name}?`;
  return (
    <Banner role="region" aria-label="Rule suggestion">
      <Wand2 aria-hidden />
      <p>{question}</p>
      <div>
        <Button
          type="button"
          $size="sm"
          disabled={creating}
          onClick={() =>
            create(
              {
                input: {
                  conditions: [{ field: 'PAYEE', op: 'IS', value: [offer.payee.name] }],
                  actions: { categoryId: offer.category.id },
                },
              },
              { success: SUCCESS.ruleAdded, failure: FAILURE.addRule, onDone },
            )
          }
        >
          Create rule
        </Button>
        <Button type="button" $variant="ghost" $size="sm" onClick={onDone}>
          Not now
        </Button>
      </div>
    </Banner>
  );
}

const Banner = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: 0.5rem 0.75rem;
  margin-bottom: 1rem;
  padding: 0.75rem 1rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
  svg {
    color: ${({ theme }) => theme.color.primary};
    flex-shrink: 0;
  }
  p {
    flex: 1;
    min-width: 12rem;
    font-weight: 600;
  }
  div {
    display: flex;
    gap: 0.5rem;
  }
`;
