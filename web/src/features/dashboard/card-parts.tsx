import styled, { css } from 'styled-components';
import { Link } from 'react-router-dom';
import { wholeWords } from '../../components/text.ts';

/** The link at a Dashboard card's top right ("View All →"). */
export const ViewAll = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 0.25rem;
  color: ${({ theme }) => theme.color.primary};
  font-weight: 600;
  text-decoration: none;
  font-size: 0.9rem;
  svg {
    width: 1rem;
    height: 1rem;
  }
`;

/** A quiet line: a card's empty state or a hint. */
export const Muted = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.9rem;
`;

/** A card's list: rows separated by a line. */
export const CardList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  & > li + li {
    border-top: 1px solid ${({ theme }) => theme.color.border};
  }
`;

/** A row with a progress bar: its name and figure on one line (`.line`), the bar, a quiet note. */
export const progressRow = css`
  display: grid;
  gap: 0.4rem;
  padding: 0.6rem 0.25rem;
  .line {
    display: flex;
    justify-content: space-between;
    gap: 0.75rem;
  }
  strong {
    ${wholeWords}
  }
  .line > span {
    font-variant-numeric: tabular-nums;
    font-weight: 650;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.color.textMuted};
    font-weight: 500;
  }
`;
