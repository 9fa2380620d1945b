// /socios/vender (issue 30 §2): the adviser's one form during the wake — the deceased, the family
// member who contracts (with their consent) and, if known, the rites. Done, it shows the WhatsApp
// link with the activation and the memorial's link for the family's phone.
import { useState } from 'react';
import { LIMITS } from '@recuerdos/shared/limits';
import { MESSAGES } from '@recuerdos/shared/messages';
import { Navigate } from 'react-router';
import { RELATIONSHIPS, SALE_CONSENT_TEXT, SALE_LIMITS, SALE_MESSAGES, partnerSaleSchema, type PartnerSaleInput } from '@recuerdos/shared/partner-schemas';
import { Button, buttonClass } from '../../../components/button';
import { Checkbox } from '../../../components/field';
import { FormSelectField, FormTextField, useFieldError } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { PictureCropField } from '../../../components/memorial/picture-crop-field';
import { PartnerPage } from '../../../components/partner/partner-page';
import { RiteFields } from '../../../components/partner/rite-fields';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { usePartnerSession } from '../../../lib/partner/partner-session';
import { useBranches, useSellMemorial, type Sale } from '../api/sale';

const EMPTY: PartnerSaleInput = {
  person: '',
  birthdate: '',
  deathdate: '',
  familyName: '',
  familyLastname: '',
  dni: '',
  relationship: '' as PartnerSaleInput['relationship'],
  email: '',
  whatsapp: '',
  price: '',
  private: false,
  consent: false as unknown as true,
  rites: [],
};

export function SalePage() {
  const session = usePartnerSession();
  const [sale, setSale] = useState<Sale | null>(null);
  if (!session?.user) return <Navigate to="/socios" replace />;
  return (
    <PartnerPage title={sale ? 'Memorial creado' : 'Nuevo memorial'}>
      {sale ? <SaleDone sale={sale} onAnother={() => setSale(null)} /> : <SaleForm isAdmin={session.user.role === 'admin'} onDone={setSale} />}
    </PartnerPage>
  );
}

function SaleForm({ isAdmin, onDone }: { isAdmin: boolean; onDone: (sale: Sale) => void }) {
  const sell = useSellMemorial();
  const branches = useBranches(isAdmin);
  const form = useZodForm(partnerSaleSchema, { defaultValues: EMPTY });
  const consentError = useFieldError(form, 'consent');
  const photo = usePhoto();
  const onSubmit = form.handleSubmit((values) => {
    if (!photo.ready()) return;
    sell.mutate({ values, photo: photo.value }, { onSuccess: (envelope) => onDone(envelope.data.sale) });
  });

  return (
    <form className="partner-stack" noValidate onSubmit={(event) => void onSubmit(event)}>
      {isAdmin ? (
        <FormSelectField form={form} name="branchId" label="Sede">
          <option value="">Elige la sede</option>
          {(branches.data?.branches ?? []).map((branch) => (
            <option key={branch.id} value={branch.id}>
              {branch.name}
            </option>
          ))}
        </FormSelectField>
      ) : null}

      <fieldset className="partner-fieldset">
        <legend>Persona fallecida</legend>
        <FormTextField form={form} name="person" label="Nombre completo" maxLength={SALE_LIMITS.personMax} />
        <FormTextField form={form} name="birthdate" label="Fecha de nacimiento (opcional)" type="date" />
        <FormTextField form={form} name="deathdate" label="Fecha de fallecimiento" type="date" />
      </fieldset>

      <fieldset className="partner-fieldset">
        <legend>Foto (opcional)</legend>
        <p>Será la foto del memorial. La familia podrá cambiarla cuando lo active.</p>
        <PictureCropField
          key={photo.key}
          canvasSize={LIMITS.profileCanvas}
          value={photo.value}
          label="Foto de la persona fallecida"
          onChange={photo.onChange}
          onPendingChange={photo.onPendingChange}
          error={photo.error}
          disabled={sell.isPending}
        />
        {photo.chosen ? (
          <div>
            <Button variant="ghost" size="sm" onClick={photo.clear} disabled={sell.isPending}>
              Quitar la foto
            </Button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="partner-fieldset">
        <legend>Familiar que contrata</legend>
        <FormTextField form={form} name="familyName" label="Nombres" autoComplete="off" />
        <FormTextField form={form} name="familyLastname" label="Apellidos" autoComplete="off" />
        <FormTextField form={form} name="dni" label="DNI" inputMode="numeric" maxLength={8} autoComplete="off" />
        <FormSelectField form={form} name="relationship" label="Parentesco con la persona fallecida">
          <option value="">Elige el parentesco</option>
          {Object.entries(RELATIONSHIPS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </FormSelectField>
        <FormTextField form={form} name="email" label="Correo electrónico" type="email" autoCapitalize="none" spellCheck={false} autoComplete="off" hint="Le enviaremos el enlace para activar el memorial." />
        <FormTextField form={form} name="whatsapp" label="Celular (WhatsApp)" type="tel" inputMode="tel" autoComplete="off" hint="9 dígitos, por ejemplo 987 654 321." />
        <Checkbox {...form.register('private')} label="La familia prefiere que el memorial sea privado" hint="Si es privado, solo quien tenga el código de acceso podrá verlo. Si no, cualquiera con el enlace verá las ceremonias." />
      </fieldset>

      <RiteFields form={form} legend="Ceremonias (opcional)" />

      <fieldset className="partner-fieldset">
        <legend>Contrato</legend>
        <FormTextField form={form} name="price" label="Precio del contrato (S/)" inputMode="decimal" autoComplete="off" hint="Lo que paga la familia, en soles: por ejemplo 350 o 350,50." />
      </fieldset>

      <div>
        <Checkbox {...form.register('consent')} label={SALE_CONSENT_TEXT} aria-invalid={consentError ? true : undefined} aria-errormessage={consentError ? 'consent-error' : undefined} />
        {consentError ? (
          <p id="consent-error" className="partner-error" role="alert">
            {consentError}
          </p>
        ) : null}
      </div>

      <Button type="submit" block loading={sell.isPending}>
        Crear memorial
      </Button>
      {sell.isError ? <FormAlert tone="error">{errorMessage(sell.error)}</FormAlert> : null}
    </form>
  );
}

/** The optional first photo: none, or a fixed square crop; a picture chosen but not cropped holds the form. */
function usePhoto() {
  const [value, setValue] = useState<Blob | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  // The cropper starts over when re-mounted with a new key.
  const [key, setKey] = useState(0);
  return {
    key,
    value,
    error,
    chosen: value !== null || pending,
    clear: () => {
      setValue(null);
      setPending(false);
      setError(undefined);
      setKey((before) => before + 1);
    },
    onChange: (blob: Blob | null) => {
      setValue(blob);
      if (blob) setError(undefined);
    },
    onPendingChange: (next: boolean) => {
      setPending(next);
      if (!next) setError(undefined);
    },
    /** False (and says why) while a chosen picture is not cropped yet. */
    ready: (): boolean => {
      if (pending && !value) {
        setError(MESSAGES.pictureNotCropped);
        return false;
      }
      return true;
    },
  };
}

function SaleDone({ sale, onAnother }: { sale: Sale; onAnother: () => void }) {
  return (
    <div className="partner-stack">
      {sale.photoSaved === false ? <FormAlert tone="info">{SALE_MESSAGES.photoNotSaved}</FormAlert> : null}
      <FormAlert tone="success">
        Creamos el memorial de {sale.person} (contrato N.° {sale.contract}). Enviamos a {sale.email} el correo para activarlo.
      </FormAlert>
      <p>Envía ahora a la familia, por WhatsApp, el enlace de activación y el enlace del memorial para compartir.</p>
      <a className={buttonClass({ block: true })} href={sale.whatsappUrl} target="_blank" rel="noopener noreferrer">
        Enviar por WhatsApp
      </a>
      <p>
        Enlace del memorial: <a href={sale.guestUrl}>{sale.guestUrl}</a>
      </p>
      <Button variant="secondary" onClick={onAnother}>
        Registrar otro memorial
      </Button>
    </div>
  );
}
