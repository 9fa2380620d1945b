// Suspending or resuming a partner, confirmed first (issue 30 §1, §7): suspension ends every session
// of its staff at once and keeps them out; the memorials it sold stay the families'.
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { errorMessage } from '../../../lib/api-client';
import { toastAnswer } from '../../../lib/operator/toast-answer';
import { useSetSuspension } from '../api/partners';

export function SuspensionDialog({ partner, onClose }: { partner: { id: number; name: string; suspended: boolean }; onClose: () => void }) {
  const change = useSetSuspension();
  const suspend = !partner.suspended;
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!change.isPending}
      title={suspend ? `Suspender a ${partner.name}` : `Reactivar a ${partner.name}`}
      footer={
        <>
          <Button variant="secondary" disabled={change.isPending} onClick={onClose}>
            Cancelar
          </Button>
          <Button variant={suspend ? 'danger' : 'primary'} loading={change.isPending} onClick={() => change.mutate({ id: partner.id, suspend }, toastAnswer(onClose))}>
            {suspend ? 'Suspender socio' : 'Reactivar socio'}
          </Button>
        </>
      }
    >
      <div className="bo-stack">
        {suspend ? (
          <p>
            Su personal dejará de poder ingresar a /socios y se cerrarán sus sesiones abiertas. Los memoriales que vendió no cambian: son de las familias.
          </p>
        ) : (
          <p>Su personal podrá volver a ingresar a /socios con su contraseña.</p>
        )}
        {change.isError ? <FormAlert tone="error">{errorMessage(change.error)}</FormAlert> : null}
      </div>
    </Modal>
  );
}
