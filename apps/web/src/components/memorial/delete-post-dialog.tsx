// The confirmation behind a card's close icon (spec §2): 'Sí, eliminar' or 'No, mantener'.
import { Button } from '../button';
import { Modal } from '../modal';

export interface DeletePostDialogProps {
  open: boolean;
  /** The call is running: spinner on 'Sí, eliminar', the dialog stays open. */
  deleting?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export function DeletePostDialog({ open, deleting = false, onConfirm, onCancel }: DeletePostDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissible={!deleting}
      size="sm"
      title="¿Eliminar esta publicación?"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            No, mantener
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting}>
            Sí, eliminar
          </Button>
        </>
      }
    >
      <p>La publicación dejará de verse en el perfil. Esta acción no se puede deshacer.</p>
    </Modal>
  );
}
