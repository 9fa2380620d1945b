// A dialog that is one form: its title, the fields, and "Cancelar" beside the submit button. It
// cannot be closed while the form is being sent. Written against the React API that Preact's
// compat layer also has (the guest page's dialogs use it).
import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

export interface FormDialogProps {
  title: string;
  /** The form's id (the footer's submit button points at it). */
  formId: string;
  submitLabel: string;
  sending: boolean;
  onClose: () => void;
  onSubmit: () => void;
  className?: string;
  children: ReactNode;
}

export function FormDialog({ title, formId, submitLabel, sending, onClose, onSubmit, className, children }: FormDialogProps) {
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!sending}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancelar
          </Button>
          <Button type="submit" form={formId} loading={sending}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className={className}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </Modal>
  );
}
