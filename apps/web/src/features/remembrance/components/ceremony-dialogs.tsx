// The ceremonies panel's dialogs (issue 14 §1): adding or editing a ceremony (its form and schema,
// which bring zod) and deleting one. Loaded when the owner reaches for them or when the browser is
// idle, not before the home paints (issue 27 §2, lib/lazy-tool.ts).
import { useState } from 'react';
import { EVENT_KINDS, EVENT_KIND_KEYS, EVENT_MESSAGES, eventFormSchema, eventWhen, type EventFormInput, type EventKind, type MemorialEvent } from '@recuerdos/shared/remembrance';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { Modal } from '../../../components/modal';
import { FormDialog } from '../../../components/form-dialog';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteEvent, useEndFuneralPhase, useSaveEvent } from '../api/events';

type FieldName = keyof EventFormInput;
const EMPTY: EventFormInput = { kind: 'velorio', title: '', date: '', time: '', place: '', mapUrl: '' };

export function EventDialog({ editing, onClose, onSaved }: { editing: MemorialEvent | 'new'; onClose: () => void; onSaved: (id: number) => void }) {
  const [values, setValues] = useState<EventFormInput>(() =>
    editing === 'new' ? EMPTY : { kind: editing.kind, title: editing.title, date: editing.date, time: editing.time, place: editing.place, mapUrl: editing.mapUrl },
  );
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const save = useSaveEvent();
  const set = (name: FieldName) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };

  const submit = () => {
    const parsed = eventFormSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as FieldName] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    save.mutate(editing === 'new' ? parsed.data : { ...parsed.data, id: editing.id }, {
      onSuccess: (saved) => {
        showToast('success', EVENT_MESSAGES.saved);
        onClose();
        onSaved(saved.id);
      },
    });
  };

  return (
    <FormDialog title={editing === 'new' ? 'Agregar una ceremonia' : 'Editar la ceremonia'} formId="event-form" submitLabel="Guardar" sending={save.isPending} onClose={onClose} onSubmit={() => submit()} className="event-form">
      <SelectField label="Ceremonia" value={values.kind} error={errors.kind} onChange={set('kind')}>
        {EVENT_KIND_KEYS.map((kind) => (
          <option key={kind} value={kind}>
            {EVENT_KINDS[kind]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={values.kind === 'otro' ? 'Nombre de la ceremonia' : 'Nombre de la ceremonia (opcional)'}
        hint={values.kind === 'otro' ? 'Por ejemplo: Responso, Novenario, Misa de cumpleaños.' : `Si lo dejas vacío, se mostrará «${EVENT_KINDS[values.kind as EventKind]}».`}
        value={values.title}
        maxLength={80}
        error={errors.title}
        onChange={set('title')}
      />
      <div className="event-form__when">
        <TextField label="Fecha" type="date" value={values.date} error={errors.date} onChange={set('date')} />
        <TextField label="Hora (opcional)" type="time" value={values.time} error={errors.time} onChange={set('time')} />
      </div>
      <TextField label="Lugar" hint="La dirección, para que puedan llegar." value={values.place} maxLength={160} error={errors.place} onChange={set('place')} />
      <TextField
        label="Enlace del mapa (opcional)"
        hint="Pega el enlace de Google Maps o Waze."
        type="url"
        inputMode="url"
        value={values.mapUrl}
        error={errors.mapUrl}
        onChange={set('mapUrl')}
      />
      {save.isError ? <FormAlert tone="error">{errorMessage(save.error)}</FormAlert> : null}
    </FormDialog>
  );
}

export function DeleteEventDialog({ event, onClose }: { event: MemorialEvent; onClose: () => void }) {
  const remove = useDeleteEvent();
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!remove.isPending}
      title="¿Eliminar esta ceremonia?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={remove.isPending}>
            Cancelar
          </Button>
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(event.id, {
                onSuccess: () => {
                  showToast('success', EVENT_MESSAGES.deleted);
                  onClose();
                },
              })
            }
          >
            Eliminar
          </Button>
        </>
      }
    >
      <p>
        «{event.name}» del {eventWhen(event)} dejará de mostrarse en el memorial.
      </p>
      {remove.isError ? <FormAlert tone="error">{errorMessage(remove.error)}</FormAlert> : null}
    </Modal>
  );
}

/** The family ends the funeral phase before its day (issue 30 §4): asked once more, as a deletion is. */
export function EndFuneralPhaseDialog({ partner, onClose }: { partner: string; onClose: () => void }) {
  const end = useEndFuneralPhase();
  return (
    <Modal
      open
      onClose={onClose}
      dismissible={!end.isPending}
      title="¿Quitar a la funeraria del memorial?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={end.isPending}>
            Cancelar
          </Button>
          <Button
            loading={end.isPending}
            onClick={() =>
              end.mutate(undefined, {
                onSuccess: (message) => {
                  showToast('success', message);
                  onClose();
                },
              })
            }
          >
            Sí, quitarla
          </Button>
        </>
      }
    >
      <p>
        El memorial dejará de mostrar «Con el acompañamiento de {partner}» y las ceremonias volverán a su lugar, debajo del perfil. No se puede deshacer.
      </p>
      {end.isError ? <FormAlert tone="error">{errorMessage(end.error)}</FormAlert> : null}
    </Modal>
  );
}
