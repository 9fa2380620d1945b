// "Corregir ritos" (issue 30 §3): the funeral home replaces the rites it typed at the sale while the
// family has not activated the memorial. Once the family activated it, the server answers 409 and
// the dialog says so in Spanish; the list then shows the memorial without the button.
import type { PartnerMemorialData } from '@recuerdos/shared/partner-api-types';
import { correctRitesSchema, type CorrectRitesInput } from '@recuerdos/shared/partner-schemas';
import { FormAlert } from '../../../components/form-alert';
import { FormDialog } from '../../../components/form-dialog';
import { RiteFields } from '../../../components/partner/rite-fields';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { useCorrectRites } from '../api/correct-rites';

export function CorrectRitesDialog({ memorial, onClose }: { memorial: PartnerMemorialData; onClose: () => void }) {
  const correct = useCorrectRites(memorial.contract);
  const form = useZodForm(correctRitesSchema, { defaultValues: { rites: memorial.rites as CorrectRitesInput['rites'] } });
  const onSubmit = form.handleSubmit((values) =>
    correct.mutate(values, {
      onSuccess: (envelope) => {
        showToast('success', envelope.message || 'Ceremonias actualizadas');
        onClose();
      },
    }),
  );
  return (
    <FormDialog title={`Corregir ritos de ${memorial.person}`} formId="correct-rites" submitLabel="Guardar ritos" sending={correct.isPending} onClose={onClose} onSubmit={() => void onSubmit()} className="partner-stack">
      <p>Corrige el velorio, la misa, el entierro o la cremación: el memorial los mostrará así. Podrás hacerlo hasta que la familia active el memorial.</p>
      <RiteFields form={form} legend="Ceremonias" />
      {correct.isError ? <FormAlert tone="error">{errorMessage(correct.error)}</FormAlert> : null}
    </FormDialog>
  );
}
