import type { FormEventHandler, ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Form, FormActions, FormGrid } from './Form.tsx';
import { ReadOnlyNote, useReadOnly } from '../app/read-only.tsx';
import { RecordAuthors } from './RecordAuthors.tsx';

/**
 * The frame of every add and edit dialog: its fields scroll between a fixed title and fixed
 * Cancel / submit buttons (so it fits a phone), and the submit button shows `savingLabel` while
 * the mutation is in flight. In a budget that is read-only for the user (app/read-only.tsx) it
 * shows the record, its fields and submit disabled, and says why.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  onSubmit,
  submitLabel,
  savingLabel,
  saving,
  submitDisabled = false,
  authors,
  children,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: string;
  trigger?: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  savingLabel: string;
  saving: boolean;
  /** The form cannot be saved as it stands (a split that does not add up). */
  submitDisabled?: boolean;
  /** The record edited: who added and changed it, said in a shared budget. */
  authors?: { addedBy?: string | null; changedBy?: string | null } | null;
  children: ReactNode;
}) {
  const readOnly = useReadOnly();
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} trigger={trigger}>
      {authors && <Authors addedBy={authors.addedBy} changedBy={authors.changedBy} />}
      <Form onSubmit={onSubmit} noValidate>
        {readOnly ? (
          <FormGrid as="fieldset" disabled>
            {children}
          </FormGrid>
        ) : (
          <FormGrid>{children}</FormGrid>
        )}
        {readOnly && <ReadOnlyNote />}
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || submitDisabled || readOnly}>
            {saving ? savingLabel : submitLabel}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}

const Authors = styled(RecordAuthors)`
  display: block;
  flex: none;
  margin: -0.5rem 0 1rem;
`;
