import styled from 'styled-components';
import type { ReactNode } from 'react';
import { useNavigationFocus } from '../app/navigation-focus.ts';

export function PageHeader({ title, description, actions }: { title: string; description?: string; actions?: ReactNode }) {
  const heading = useNavigationFocus<HTMLHeadingElement>();
  return (
    <Header>
      <div>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {description && <p>{description}</p>}
      </div>
      {actions && <Actions>{actions}</Actions>}
    </Header>
  );
}

const Header = styled.header`
  display: flex;
  align-items: flex-end;
  justify-content: space-between;
  gap: 1rem;
  flex-wrap: wrap;
  margin-bottom: 1.5rem;
  h1 {
    font-size: 1.7rem;
    font-weight: 750;
    letter-spacing: -0.015em;
  }
  h1:focus {
    outline: none;
  } /* focused by script after a navigation, not a control */
  p {
    margin-top: 0.25rem;
    color: ${({ theme }) => theme.color.textMuted};
  }
`;
const Actions = styled.div`
  display: flex;
  gap: 0.5rem;
  flex-wrap: wrap;
`;
