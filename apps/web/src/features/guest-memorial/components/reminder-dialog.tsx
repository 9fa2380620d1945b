// "Recordarme sus fechas por correo" (issue 14 §1): the address and the consent Ley N.° 29733 asks
// for; the server answers the same for everyone and sends a confirmation e-mail (double opt-in).
// Loaded only when a visitor opens it; plain state, as the guest page runs on Preact.
import { useState } from 'react';
import { reminderConsentText, reminderFormSchema } from '@recuerdos/shared/remembrance';
import { TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { FormDialog } from '../../../components/form-dialog';
import { showToast } from '../../../components/toast';
import { usePlainForm } from '../../../lib/use-plain-form';
import { subscribeToReminders } from '../api/remembrance';

interface ReminderDialogProps {
  identifier: string;
  fullname: string;
  onClose: () => void;
}

export function ReminderDialog({ identifier, fullname, onClose }: ReminderDialogProps) {
  const [email, setEmail] = useState('');
  const [consent, setConsent] = useState(false);
  const { errors, failure, sending, submit } = usePlainForm(['email', 'consent']);

  const send = () =>
    submit(reminderFormSchema, { email, consent: consent || undefined }, async (data) => {
      showToast('success', await subscribeToReminders({ id: identifier, email: data.email, consent: true }));
      onClose();
    });

  return (
    <FormDialog title="Recordarme sus fechas" formId="reminder-form" submitLabel="Recordarme" sending={sending} onClose={onClose} onSubmit={() => void send()}>
      <p>Te escribiremos en su cumpleaños, en el aniversario de su partida, el 1 de noviembre y un día antes de cada ceremonia que publique la familia.</p>
      <TextField label="Tu correo electrónico" type="email" autoComplete="email" inputMode="email" value={email} error={errors.email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <div className="choice reminder-consent">
        <input
          id="reminder-consent"
          type="checkbox"
          className="choice__input"
          checked={consent}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? 'reminder-consent-error' : undefined}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        <label htmlFor="reminder-consent" className="choice__label">
          {reminderConsentText(fullname)}
        </label>
      </div>
      {errors.consent ? (
        <p id="reminder-consent-error" className="field__error">
          {errors.consent}
        </p>
      ) : null}
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
    </FormDialog>
  );
}
