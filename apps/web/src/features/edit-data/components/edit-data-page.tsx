// /account/edit-basic-data 'Editar datos' (spec §2, §5): the memorial's data prefilled from the
// server — name, birth and death dates as year/month/day selects, epitaph with 'Dame una idea',
// resting place and a photo cropped square (300×300 JPEG). Above 1100 px a live preview of the
// profile card. Saving starts after 500 ms and goes to /account, replacing this entry.
// Issue 28: an idea never replaces what the family wrote unless they choose it (§7); the saved photo
// shows until another is chosen, and 'Regresar' leads back below 1100 px, as on Notificaciones (§8).
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { bringIntoSight } from '../../../lib/bring-into-sight';
import type { z } from 'zod';
import type { OwnerPersonData } from '@recuerdos/shared/api-types';
import { toIsoDate } from '@recuerdos/shared/dates';
import { MESSAGES } from '@recuerdos/shared/fields';
import { LIMITS } from '@recuerdos/shared/limits';
import { editDataFormSchema, type EditDataFormInput } from '@recuerdos/shared/memorial-schemas';
import { BackLink } from '../../../components/back-link';
import { Button, buttonClass } from '../../../components/button';
import { FormSelectField, FormTextArea, FormTextField } from '../../../components/form/form-fields';
import { PictureCropField } from '../../../components/memorial/picture-crop-field';
import { ProfileCard } from '../../../components/memorial/profile-card';
import { PageSpinner } from '../../../components/spinner';
import { useGifts } from '../../../lib/account/get-gifts';
import { usePerson } from '../../../lib/account/get-person';
import { useZodForm } from '../../../lib/forms';
import { usePageMeta } from '../../../lib/page-meta';
import { useIsDesktop, useMediaQuery } from '../../../lib/use-media-query';
import { useRandomEpitaph } from '../api/random-epitaph';
import { useUpdateBasicData, type BasicDataInput } from '../api/update-basic-data';
import { dateOptions, fitDate, pad2, splitDate } from './date-parts';
import './edit-data.css';

type Prefix = 'birth' | 'death';
type FormApi = ReturnType<typeof useEditForm>;
type EditDataValues = z.output<typeof editDataFormSchema>;

function defaultsOf(person: OwnerPersonData): EditDataFormInput {
  const birth = splitDate(person.birthdate);
  const death = splitDate(person.deathdate);
  return {
    name: person.fullname,
    birthYear: birth.year,
    birthMonth: birth.month,
    birthDay: birth.day,
    deathYear: death.year,
    deathMonth: death.month,
    deathDay: death.day,
    epitaph: person.description,
    place: person.location,
  };
}

function useEditForm(person: OwnerPersonData) {
  return useZodForm(editDataFormSchema, { defaultValues: defaultsOf(person), mode: 'onSubmit', reValidateMode: 'onSubmit' });
}

function DateSelects({ form, prefix, legend }: { form: FormApi; prefix: Prefix; legend: string }) {
  const names = { year: `${prefix}Year`, month: `${prefix}Month`, day: `${prefix}Day` } as const;
  const value = { year: form.watch(names.year), month: form.watch(names.month), day: form.watch(names.day) };
  const options = dateOptions(value);
  // A choice that no longer exists (a future month, the 31st of February) is cleared.
  const refit = () => {
    // A whole-date message is about the old choice: said again on the next save if still true.
    form.clearErrors(`${prefix}Date` as never);
    const current = { year: form.getValues(names.year), month: form.getValues(names.month), day: form.getValues(names.day) };
    const fitted = fitDate(current);
    if (fitted.month !== current.month) form.setValue(names.month, fitted.month);
    if (fitted.day !== current.day) form.setValue(names.day, fitted.day);
  };
  // A whole-date error (impossible, or the death before the birth) goes under the three selects.
  const dateError = (form.formState.errors as Partial<Record<`${Prefix}Date`, { message?: string }>>)[`${prefix}Date`]?.message;
  const errorId = `${prefix}-date-error`;
  return (
    <fieldset className={['date-selects', dateError ? 'field--invalid' : ''].filter(Boolean).join(' ')} aria-describedby={dateError ? errorId : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className="date-selects__row">
        <FormSelectField form={form} name={names.year} options={{ onChange: refit }} label="Año">
          <option value="">Año</option>
          {options.years.map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField form={form} name={names.month} options={{ onChange: refit }} label="Mes">
          <option value="">Mes</option>
          {options.months.map((month) => (
            <option key={month} value={pad2(month)}>
              {pad2(month)}
            </option>
          ))}
        </FormSelectField>
        <FormSelectField form={form} name={names.day} options={{ onChange: refit }} label="Día">
          <option value="">Día</option>
          {options.days.map((day) => (
            <option key={day} value={pad2(day)}>
              {pad2(day)}
            </option>
          ))}
        </FormSelectField>
      </div>
      {dateError ? (
        <p className="field__error" id={errorId}>
          {dateError}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An idea goes straight into an empty epitaph, or over the last idea; over the family's own words, only if they choose it. */
export function ideaMayReplace(current: string, lastIdea: string | null): boolean {
  return current.trim() === '' || current === lastIdea;
}

function EpitaphIdea({ idea, onUse, onKeep }: { idea: string | null; onUse: (idea: string) => void; onKeep: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  // On a phone 'Dame una idea' sits at the bottom of the screen: the offer below it is brought into sight.
  useEffect(() => {
    if (idea) bringIntoSight(ref.current);
  }, [idea]);
  return (
    <div className="edit-data__idea" aria-live="polite" ref={ref}>
      {idea ? (
        <>
          <p className="edit-data__idea-intro">Tu epitafio no cambió. ¿Quieres usar esta idea en su lugar?</p>
          <blockquote className="edit-data__idea-text">{idea}</blockquote>
          <div className="edit-data__idea-actions">
            <Button variant="secondary" size="sm" onClick={() => onUse(idea)}>
              Usar esta idea
            </Button>
            <Button variant="ghost" size="sm" onClick={onKeep}>
              Mantener mi texto
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function isoOf(year: string, month: string, day: string): string {
  return year && month && day ? toIsoDate(year, month, day) : '';
}

function EditDataForm({ person }: { person: OwnerPersonData }) {
  const gifts = useGifts();
  const navigate = useNavigate();
  const update = useUpdateBasicData();
  const idea = useRandomEpitaph();
  const form = useEditForm(person);
  const [picture, setPicture] = useState<Blob | null>(null);
  const [cropPending, setCropPending] = useState(false);
  const [pictureError, setPictureError] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);
  // Spec §2: the preview shows only when the width is above 1100 px.
  const showPreview = useMediaQuery(`(min-width: ${LIMITS.desktopBreakpointPx + 1}px)`);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const pictureUrl = useMemo(() => (picture ? URL.createObjectURL(picture) : null), [picture]);
  useEffect(() => () => (pictureUrl ? URL.revokeObjectURL(pictureUrl) : undefined), [pictureUrl]);

  const epitaph = form.watch('epitaph');
  const values = form.watch();

  const [lastIdea, setLastIdea] = useState<string | null>(null);
  const [offeredIdea, setOfferedIdea] = useState<string | null>(null);
  const applyIdea = (text: string) => {
    form.setValue('epitaph', text, { shouldValidate: form.formState.isSubmitted, shouldDirty: true });
    setLastIdea(text);
    setOfferedIdea(null);
  };
  const giveIdea = () =>
    idea.mutate(undefined, {
      onSuccess: (received) => {
        const text = received.slice(0, LIMITS.epitaphMax);
        if (ideaMayReplace(form.getValues('epitaph'), lastIdea)) applyIdea(text);
        else setOfferedIdea(text);
      },
    });

  const save = (input: BasicDataInput) =>
    update.mutate(input, {
      onSuccess: () => void navigate('/account', { replace: true }),
      // The button comes back and the form keeps what was written.
      onError: () => setSaving(false),
    });

  const onValid = (data: EditDataValues) => {
    if (cropPending) {
      setPictureError(MESSAGES.pictureNotCropped);
      return;
    }
    setSaving(true);
    const input = {
      identifier: person.identifier,
      fullname: data.name,
      birthdate: toIsoDate(data.birthYear, data.birthMonth, data.birthDay),
      deathdate: toIsoDate(data.deathYear, data.deathMonth, data.deathDay),
      location: data.place,
      description: data.epitaph,
      picture,
    };
    // Spec §7, §9: the save starts 500 ms after 'Guardar'.
    timer.current = window.setTimeout(() => save(input), LIMITS.saveDelayMs);
  };
  const onInvalid = () => {
    if (cropPending) setPictureError(MESSAGES.pictureNotCropped);
  };

  return (
    <div className={showPreview ? 'edit-data edit-data--with-preview' : 'edit-data'}>
      <form className="edit-data__form" noValidate onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}>
        <FormTextField form={form} name="name" label="Nombre" autoComplete="off" blockEnter maxLength={LIMITS.fullnameMax} />
        <DateSelects form={form} prefix="birth" legend="Fecha de nacimiento" />
        <DateSelects form={form} prefix="death" legend="Fecha de partida" />
        <div className="edit-data__epitaph">
          <FormTextArea
            form={form}
            name="epitaph"
            label="Epitafio"
            maxLength={LIMITS.epitaphMax}
            count={{ value: epitaph.length, max: LIMITS.epitaphMax }}
          />
          <Button variant="ghost" size="sm" loading={idea.isPending} onClick={giveIdea}>
            Dame una idea
          </Button>
          <EpitaphIdea idea={offeredIdea} onUse={applyIdea} onKeep={() => setOfferedIdea(null)} />
        </div>
        <FormTextField form={form} name="place" label="Lugar de descanso" autoComplete="off" blockEnter maxLength={LIMITS.placeMax} />
        <PictureCropField
          canvasSize={LIMITS.profileCanvas}
          value={picture}
          label="Foto"
          onChange={(blob) => {
            setPicture(blob);
            if (blob) setPictureError(undefined);
          }}
          onPendingChange={setCropPending}
          error={pictureError}
          disabled={saving}
          current={person.profilepath ? { src: person.profilepath, alt: `Foto actual de ${person.fullname}` } : undefined}
        />
        <div className="edit-data__actions">
          <Link to="/account" className={buttonClass({ variant: 'secondary' })}>
            Cancelar
          </Link>
          <Button type="submit" loading={saving}>
            Guardar
          </Button>
        </div>
      </form>
      {showPreview ? (
        <div className="edit-data__preview" aria-label="Previsualización del perfil" role="region">
          <ProfileCard
            variant="preview"
            person={{
              fullname: values.name || person.fullname,
              profilepath: person.profilepath,
              birthdate: isoOf(values.birthYear, values.birthMonth, values.birthDay),
              deathdate: isoOf(values.deathYear, values.deathMonth, values.deathDay),
              description: values.epitaph,
              location: values.place,
            }}
            gifts={gifts.data ?? { candles: 0, flowers: 0 }}
            photoOverride={pictureUrl}
          />
        </div>
      ) : null}
    </div>
  );
}

export function EditDataPage() {
  usePageMeta('Editar datos', 'Edita los datos del memorial.');
  const person = usePerson();
  const desktop = useIsDesktop();
  return (
    <div className="edit-data-page">
      {desktop ? null : <BackLink to="/account" />}
      <h1>Editar datos</h1>
      {person.isPending ? (
        <PageSpinner label="Cargando los datos…" />
      ) : person.data ? (
        <EditDataForm key={person.data.identifier} person={person.data} />
      ) : (
        <p className="muted">No pudimos cargar los datos. Revisa tu conexión y vuelve a intentarlo.</p>
      )}
    </div>
  );
}
