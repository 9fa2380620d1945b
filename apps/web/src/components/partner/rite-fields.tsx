// The rites a funeral home types (issue 30 §2, §3): velorio, misa de cuerpo presente, entierro or
// cremación… with date, time and place — the ceremonies' own schema (issue 14). Shared by the sale
// form (/socios/vender) and the correction dialog (/socios/memoriales), both forms with a `rites` list.
import { useFieldArray, useWatch, type ArrayPath, type FieldArray, type FieldPath, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { EventFormInput } from '@recuerdos/shared/remembrance';
import { EVENT_KINDS } from '@recuerdos/shared/remembrance';
import { SALE_LIMITS } from '@recuerdos/shared/partner-schemas';
import { Button } from '../button';
import { FormSelectField, FormTextField } from '../form/form-fields';

export const NEW_RITE: EventFormInput = { kind: 'velorio', title: '', date: '', time: '', place: '', mapUrl: '' };

interface RiteFieldsProps<T extends FieldValues & { rites?: EventFormInput[] | undefined }, O extends FieldValues> {
  form: UseFormReturn<T, unknown, O>;
  legend: string;
}

export function RiteFields<T extends FieldValues & { rites?: EventFormInput[] | undefined }, O extends FieldValues>({ form, legend }: RiteFieldsProps<T, O>) {
  // The form's `rites` list, whatever else the form holds.
  const rites = useFieldArray({ control: form.control, name: 'rites' as ArrayPath<T> });
  const field = (index: number, name: keyof EventFormInput) => `rites.${index}.${name}` as FieldPath<T>;
  return (
    <fieldset className="partner-fieldset">
      <legend>{legend}</legend>
      {rites.fields.map((item, index) => (
        <div key={item.id} className="partner-rite">
          <FormSelectField form={form} name={field(index, 'kind')} label={`Ceremonia ${index + 1}`}>
            {Object.entries(EVENT_KINDS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </FormSelectField>
          <OtherTitle form={form} index={index} />
          <FormTextField form={form} name={field(index, 'date')} label="Fecha" type="date" />
          <FormTextField form={form} name={field(index, 'time')} label="Hora (opcional)" type="time" />
          <FormTextField form={form} name={field(index, 'place')} label="Lugar" />
          <Button variant="ghost" size="sm" onClick={() => rites.remove(index)}>
            Quitar ceremonia {index + 1}
          </Button>
        </div>
      ))}
      {rites.fields.length < SALE_LIMITS.rites ? (
        <Button variant="secondary" onClick={() => rites.append({ ...NEW_RITE } as FieldArray<T, ArrayPath<T>>)}>
          Agregar ceremonia
        </Button>
      ) : null}
    </fieldset>
  );
}

/** "Otra ceremonia" needs its name (the schema asks for it); the listed kinds have theirs. */
function OtherTitle<T extends FieldValues, O extends FieldValues>({ form, index }: { form: UseFormReturn<T, unknown, O>; index: number }) {
  const kind: unknown = useWatch({ control: form.control, name: `rites.${index}.kind` as FieldPath<T> });
  if (kind !== 'otro') return null;
  return <FormTextField form={form} name={`rites.${index}.title` as FieldPath<T>} label="Nombre de la ceremonia" />;
}
