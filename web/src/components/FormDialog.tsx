import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';
import { Form, FormActions, FormGrid } from './Form.tsx';

/**
 * The frame of every add and edit dialog: its fields scroll between a fixed title and fixed
 * Cancel / submit buttons (so it fits a phone), and the submit button shows `savingLabel` while
 * the mutation is in flight.
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
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description} trigger={trigger}>
      <Form onSubmit={onSubmit} noValidate>
        <FormGrid>{children}</FormGrid>
        <FormActions>
          <Button type="button" $variant="secondary" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={saving || submitDisabled}>
            {saving ? savingLabel : submitLabel}
          </Button>
        </FormActions>
      </Form>
    </Dialog>
  );
}
