import styled from 'styled-components';
import type { ReactNode } from 'react';

export function EmptyState({ icon, title, text, action }: { icon?: ReactNode; title: string; text?: string; action?: ReactNode }) {
  return (
    <Wrap>
      {icon && <IconBox>{icon}</IconBox>}
      <h3>{title}</h3>
      {text && <p>{text}</p>}
      {action}
    </Wrap>
  );
}

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: 0.5rem;
  padding: 2.5rem 1rem;
  h3 {
    font-size: 1.05rem;
  }
  p {
    color: ${({ theme }) => theme.color.textMuted};
    margin-bottom: 0.5rem;
  }
`;
const IconBox = styled.div`
  display: inline-flex;
  padding: 0.75rem;
  border-radius: ${({ theme }) => theme.radius.full};
  background: ${({ theme }) => theme.color.surfaceMuted};
  color: ${({ theme }) => theme.color.textMuted};
  svg {
    width: 1.6rem;
    height: 1.6rem;
  }
`;
