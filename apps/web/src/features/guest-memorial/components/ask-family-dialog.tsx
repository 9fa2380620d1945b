// "¿No tienes el código? Pídeselo a la familia" (issue 29 §1): name, e-mail, an optional message of at
// most 300 characters and the consent Ley N.° 29733 asks for this purpose. The server answers every
// request with the same sentence, shown by the code screen once the dialog closes. Loaded only when a
// visitor opens it; plain state, as the guest page runs on Preact.
import { useState } from 'react';
import { ACCESS_REQUEST_LIMITS, accessRequestConsentText, accessRequestFormSchema } from '@recuerdos/shared/access-requests';
import { LIMITS } from '@recuerdos/shared/limits';
import { TextArea, TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { FormDialog } from '../../../components/form-dialog';
import { usePlainForm } from '../../../lib/use-plain-form';
import { askFamily } from '../api/ask-family';

interface AskFamilyDialogProps {
  identifier: string;
  fullname: string;
  onClose: () => void;
  /** The request went out: the server's sentence. */
  onAsked: (answer: string) => void;
}

export function AskFamilyDialog({ identifier, fullname, onClose, onAsked }: AskFamilyDialogProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const { errors, failure, sending, submit } = usePlainForm(['name', 'email', 'message', 'consent']);

  const send = () =>
    submit(accessRequestFormSchema, { name, email, message, consent: consent || undefined }, async (data) => {
      onAsked(await askFamily({ id: identifier, ...data, consent: true }));
    });

  return (
    <FormDialog title="Pídele acceso a la familia" formId="ask-family-form" submitLabel="Enviar solicitud" sending={sending} onClose={onClose} onSubmit={() => void send()}>
      <p>Le enviaremos tu nombre y tu mensaje a la familia. Si te da acceso, te llegará por correo un enlace personal para visitar el memorial.</p>
      <TextField label="Tu nombre" autoComplete="name" maxLength={LIMITS.guestNameMax} blockEnter value={name} error={errors.name} onChange={(event) => setName(event.currentTarget.value)} />
      <TextField label="Tu correo electrónico" type="email" autoComplete="email" inputMode="email" maxLength={LIMITS.guestEmailMax} blockEnter value={email} error={errors.email} onChange={(event) => setEmail(event.currentTarget.value)} />
      <TextArea
        label="Mensaje para la familia (opcional)"
        hint="Cuéntales quién eres, por ejemplo: «Soy su sobrina de Arequipa»."
        rows={3}
        maxLength={ACCESS_REQUEST_LIMITS.messageMax}
        count={{ value: message.length, max: ACCESS_REQUEST_LIMITS.messageMax }}
        value={message}
        error={errors.message}
        onChange={(event) => setMessage(event.currentTarget.value)}
      />
      <div className="choice reminder-consent">
        <input
          id="ask-family-consent"
          type="checkbox"
          className="choice__input"
          checked={consent}
          aria-invalid={errors.consent ? true : undefined}
          aria-describedby={errors.consent ? 'ask-family-consent-error' : undefined}
          onChange={(event) => setConsent(event.currentTarget.checked)}
        />
        <label htmlFor="ask-family-consent" className="choice__label">
          {accessRequestConsentText(fullname)}
        </label>
      </div>
      {errors.consent ? (
        <p id="ask-family-consent-error" className="field__error">
          {errors.consent}
        </p>
      ) : null}
      {failure ? <FormAlert tone="error">{failure}</FormAlert> : null}
    </FormDialog>
  );
}
