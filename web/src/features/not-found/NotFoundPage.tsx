import styled from 'styled-components';
import { AlertCircle } from 'lucide-react';
import { useDocumentTitle } from '../../app/document-title.ts';

/** Any unknown path (docs/product.md#not-found). */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  return (
    <Wrap>
      <Card>
        <h1>
          <AlertCircle aria-hidden /> 404 Page Not Found
        </h1>
        <p>Did you forget to add the page to the router?</p>
        <a href="/">Go to the home page</a>
      </Card>
    </Wrap>
  );
}

const Wrap = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  padding: 1.5rem;
`;
const Card = styled.div`
  max-width: 28rem;
  width: 100%;
  padding: 1.75rem;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};
  h1 {
    display: flex;
    align-items: center;
    gap: 0.5rem;
    font-size: 1.5rem;
  }
  h1 svg {
    color: ${({ theme }) => theme.color.danger};
  }
  p {
    margin: 0.75rem 0 1.25rem;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
  }
  a {
    color: ${({ theme }) => theme.color.primary};
    font-weight: 600;
  }
`;
