import styled from 'styled-components';
import type { ReactNode } from 'react';
import { Card } from '../../components/Card.tsx';

/** A section of Settings: a titled card with a line of explanation and, on the right, its main action. */
export function SettingsCard({
  title,
  description,
  action,
  children,
}: {
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  children?: ReactNode;
}) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card aria-labelledby={id}>
      <Head>
        <div>
          <h2 id={id}>{title}</h2>
          {description && <p>{description}</p>}
        </div>
        {action && <Actions>{action}</Actions>}
      </Head>
      {children}
    </Card>
  );
}

const Head = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  flex-wrap: wrap;
  gap: 0.75rem;
  h2 {
    font-size: 1.05rem;
    font-weight: 700;
  }
  p {
    margin-top: 0.2rem;
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.9rem;
    max-width: 36rem;
  }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

/** Rows of a card (sessions, tokens): separated by lines, stacking their parts on a phone. */
export const Rows = styled.ul`
  list-style: none;
  margin: 1rem 0 0;
  padding: 0;
  border-top: 1px solid ${({ theme }) => theme.color.border};
  > li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 0.75rem;
    padding: 0.75rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
  }
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    > li {
      flex-direction: column;
      align-items: stretch;
    }
  }
`;

/** A row's text: a bold first line and muted details under it. */
export const RowText = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.15rem;
  min-width: 0;
  strong {
    display: flex;
    align-items: center;
    flex-wrap: wrap;
    gap: 0.4rem;
    font-weight: 650;
  }
  span {
    color: ${({ theme }) => theme.color.textMuted};
    font-size: 0.85rem;
    overflow-wrap: anywhere;
  }
`;

/** " This also revokes your 2 API tokens." for a dialog whose change revokes them; "" without any. */
export function alsoRevokes(apiTokens: number) {
  if (apiTokens === 0) return '';
  return ` This also revokes your ${apiTokens === 1 ? 'API token' : `${apiTokens} API tokens`}.`;
}
