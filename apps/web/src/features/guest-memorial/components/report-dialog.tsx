// 'Reportar' (issue 15 §4): a visitor tells the Recuerdos team why a memory should not be on the
// memorial. Loaded only when a visitor opens it. Plain state (no form library): the guest page
// runs on Preact, and the dialog has two fields.
import { useState } from 'react';
import type { Post } from '@recuerdos/shared/api-types';
import { REPORT_MESSAGES, REPORT_REASONS, reportFormSchema, type ReportReason } from '@recuerdos/shared/report-schemas';
import { ChoiceGroup, Radio, TextArea } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { FormDialog } from '../../../components/form-dialog';
import { showToast } from '../../../components/toast';
import { usePlainForm } from '../../../lib/use-plain-form';
import { reportPost } from '../api/report-post';

interface ReportDialogProps {
  identifier: string;
  post: Post;
  onClose: () => void;
}

const DETAILS_MAX = 500;

export function ReportDialog({ identifier, post, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const { errors, failure, sending, submit } = usePlainForm(['reason', 'details']);

  const send = () =>
    submit(reportFormSchema, { reason, details }, async (data) => {
      await reportPost({ identifier, date: post.reg, reason: data.reason, details: data.details });
      showToast('success', REPORT_MESSAGES.sent);
      onClose();
    });

  return (
    <FormDialog title="Reportar este recuerdo" formId="report-form" submitLabel="Enviar reporte" sending={sending} onClose={onClose} onSubmit={() => void send()}>
      <p>Cuéntanos por qué este recuerdo no debería estar en el memorial. Nuestro equipo lo revisará; la familia no sabrá quién lo reportó.</p>
      <ChoiceGroup legend="Motivo" error={errors.reason}>
        {(Object.entries(REPORT_REASONS) as [ReportReason, string][]).map(([key, label]) => (
          <Radio key={key} name="reason" value={key} label={label} checked={reason === key} onChange={() => setReason(key)} />
        ))}
      </ChoiceGroup>
      <TextArea
        label={reason === 'other' ? 'Detalle' : 'Detalle (opcional)'}
        value={details}
        maxLength={DETAILS_MAX}
        rows={3}
        count={{ value: details.length, max: DETAILS_MAX }}
        error={errors.details}
        onChange={(event) => setDetails(event.currentTarget.value)}
      />
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
    </FormDialog>
  );
}
