// The confirmation behind a card's close icon (spec §2): 'Sí, eliminar' or 'No, mantener'. Also asks
// before a visitor's pending memory is denied, which deletes it (spec §4; issue 28 §3), in its own words.
import { Button } from '../button';
import { Modal } from '../modal';

export interface DeletePostDialogProps {
  open: boolean;
  /** The call is running: spinner on the confirming button, the dialog stays open. */
  deleting?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Other words for the same question (denying a pending memory); the post's by default. */
  wording?: { title: string; text: string; confirm: string };
}

const DELETE_POST = {
  title: '¿Eliminar esta publicación?',
  text: 'La publicación dejará de verse en el perfil. Esta acción no se puede deshacer.',
  confirm: 'Sí, eliminar',
};

export function DeletePostDialog({ open, deleting = false, onConfirm, onCancel, wording = DELETE_POST }: DeletePostDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onCancel}
      dismissible={!deleting}
      size="sm"
      title={wording.title}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={deleting}>
            No, mantener
          </Button>
          <Button variant="danger" onClick={onConfirm} loading={deleting}>
            {wording.confirm}
          </Button>
        </>
      }
    >
      <p>{wording.text}</p>
    </Modal>
  );
}
