import styled, { css } from 'styled-components';
import { useId, type ReactElement, cloneElement } from 'react';

const control = css`
  width: 100%;
  padding: 0.55rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.surface};
  color: ${({ theme }) => theme.color.text};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.color.danger};
  }
  &:disabled {
    opacity: 0.6;
  }
`;

export const Input = styled.input`
  ${control}
`;
export const Textarea = styled.textarea`
  ${control}
  min-height: 4.5rem;
  resize: vertical;
`;
export const Select = styled.select`
  ${control}
  appearance: auto;
`;

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  label {
    font-weight: 600;
    font-size: 0.88rem;
  }
`;
const Error = styled.p`
  color: ${({ theme }) => theme.color.danger};
  font-size: 0.82rem;
`;
const Hint = styled.p`
  color: ${({ theme }) => theme.color.textMuted};
  font-size: 0.8rem;
`;

/** A labelled control with its error beside it (wired with aria-invalid and aria-describedby). */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: ReactElement<Record<string, unknown>>;
}) {
  const id = useId();
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <Wrap>
      <label htmlFor={id}>{label}</label>
      {cloneElement(children, { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? <Error id={`${id}-error`}>{error}</Error> : hint ? <Hint id={`${id}-hint`}>{hint}</Hint> : null}
    </Wrap>
  );
}

/**
 * A form whose fields scroll while its actions stay in view: inside a dialog on a small window
 * the title and the buttons are always visible.
 */
export const Form = styled.form`
  display: flex;
  flex-direction: column;
  min-height: 0;
`;

export const FormGrid = styled.div`
  display: grid;
  gap: 1rem;
  min-height: 0;
  overflow-y: auto;
  border: 0; /* a fieldset when read-only (FormDialog) */
  min-width: 0;
  /* Room for the focus ring of the first and last fields inside the scroll area. */
  margin: -0.25rem;
  padding: 0.25rem;
`;

/** Two short fields side by side; one under the other on a phone. */
export const FormRow = styled.div`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 1rem;
  @media (max-width: ${({ theme }) => theme.breakpoint.mobile}) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export const FormActions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 0.5rem;
  margin-top: 1.25rem;
  flex: none;
`;

export const Checkbox = styled.label`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  font-weight: 600;
  font-size: 0.88rem;
`;
