import styled from 'styled-components';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Expense or Refund (docs/product.md#refunds-and-splits): two radio buttons side by side, one
 * look as a segmented control. `registration` is the form's `register('kind')`.
 */
export function KindField({ registration }: { registration: UseFormRegisterReturn }) {
  return (
    <Group>
      <legend>Kind</legend>
      <div>
        <label>
          <input type="radio" value="expense" {...registration} />
          <span>Expense</span>
        </label>
        <label>
          <input type="radio" value="refund" {...registration} />
          <span>Refund</span>
        </label>
      </div>
    </Group>
  );
}

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  legend {
    font-weight: 600;
    font-size: 0.88rem;
    margin-bottom: 0.35rem;
    padding: 0;
  }
  div {
    display: inline-flex;
    gap: 0.25rem;
    padding: 0.25rem;
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.color.surfaceMuted};
  }
  label {
    position: relative;
    cursor: pointer;
  }
  /* The radio stays in the page for the keyboard and screen readers; the label shows its state. */
  input {
    position: absolute;
    opacity: 0;
    inset: 0;
    margin: 0;
    cursor: pointer;
  }
  span {
    display: block;
    padding: 0.4rem 0.9rem;
    border-radius: ${({ theme }) => theme.radius.sm};
    font-weight: 600;
    color: ${({ theme }) => theme.color.textMuted};
  }
  input:checked + span {
    background: ${({ theme }) => theme.color.surface};
    color: ${({ theme }) => theme.color.text};
    box-shadow: ${({ theme }) => theme.color.shadow};
  }
  input:focus-visible + span {
    outline: 2px solid ${({ theme }) => theme.color.focus};
    outline-offset: 2px;
  }
`;
