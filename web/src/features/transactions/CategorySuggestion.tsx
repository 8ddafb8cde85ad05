import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { fetchQuery, graphql, useRelayEnvironment } from 'react-relay';
import { Sparkles } from 'lucide-react';
import type { CategorySuggestionQuery } from '../../__generated__/CategorySuggestionQuery.graphql.ts';
import { Button } from '../../components/Button.tsx';

const SUGGEST_DELAY_MS = 300;

/** The server's category for `description` (nothing for a blank one), asked once typing pauses. */
function useCategorySuggestion(description: string) {
  const environment = useRelayEnvironment();
  const [suggestion, setSuggestion] = useState<{ id: string; name: string } | null>(null);
  useEffect(() => {
    if (!description.trim()) return;
    let live = true;
    const timer = setTimeout(() => {
      fetchQuery<CategorySuggestionQuery>(
        environment,
        graphql`
          query CategorySuggestionQuery($description: String!) {
            viewer {
              categorySuggestion(description: $description) {
                id
                name
              }
            }
          }
        `,
        { description },
        { fetchPolicy: 'network-only' },
      ).subscribe({ next: (data) => live && setSuggestion(data.viewer.categorySuggestion ?? null), error: () => {} });
    }, SUGGEST_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [description, environment]);
  return description.trim() ? suggestion : null;
}

/**
 * docs/product.md#category-suggestion: while the description is typed, the suggested category
 * with Apply; hidden once that category is chosen.
 */
export function CategorySuggestion({
  description,
  categoryId,
  onApply,
}: {
  description: string;
  categoryId: string | null | undefined;
  onApply(id: string): void;
}) {
  const suggestion = useCategorySuggestion(description);
  if (!suggestion || suggestion.id === categoryId) return null;
  return (
    <Box role="status">
      <Sparkles aria-hidden />
      <span>
        Suggested category: <strong>{suggestion.name}</strong>
      </span>
      <Button type="button" $size="sm" $variant="secondary" onClick={() => onApply(suggestion.id)}>
        Apply
      </Button>
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 0.6rem 0.75rem;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.text};
  font-size: 0.9rem;
  svg {
    color: ${({ theme }) => theme.color.primary};
    width: 1rem;
    height: 1rem;
    flex: none;
  }
  span {
    flex: 1;
  }
`;
