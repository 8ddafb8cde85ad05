import styled from 'styled-components';

/** An error under a control of the Budget screen that has no Field around it. */
export const ErrorText = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.82rem;
`;
