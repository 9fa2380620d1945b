// /admin/complaints/holidays (issue 15 §3): public holidays declared after the code was written;
// every deadline of the book counts them.
import { Link } from 'react-router';
import { addHolidaySchema } from '@recuerdos/shared/admin-schemas';
import { Button } from '../../../components/button';
import { FormTextField } from '../../../components/form/form-fields';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage, Panel } from '../../../components/backoffice/admin-page';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/forms';
import { shortDate } from '../../../lib/operator/admin-api';
import { toastAnswer } from '../../../lib/operator/toast-answer';
import { useAddHoliday, useHolidays, useRemoveHoliday } from '../api/complaints';

export function HolidaysPage() {
  const holidays = useHolidays();
  const add = useAddHoliday();
  const remove = useRemoveHoliday();
  const form = useZodForm(addHolidaySchema, { defaultValues: { date: '', name: '' } });
  const onSubmit = form.handleSubmit((values) => add.mutate(values, toastAnswer(() => form.reset())));
  return (
    <AdminPage title="Feriados" actions={<Link to="/admin/complaints">Volver al libro</Link>}>
      <p>Los plazos de 15 días hábiles ya descuentan sábados, domingos y los feriados nacionales fijos, Jueves y Viernes Santo. Agrega aquí un feriado nuevo cuando el Congreso lo declare.</p>
      <Panel title="Agregar feriado" headingId="agregar">
        <form className="bo-filters" noValidate onSubmit={(event) => void onSubmit(event)}>
          <FormTextField form={form} name="date" label="Fecha" type="date" />
          <FormTextField form={form} name="name" label="Nombre" />
          <Button type="submit" loading={add.isPending}>
            Agregar feriado
          </Button>
        </form>
        {add.isError ? <FormAlert tone="error">{errorMessage(add.error)}</FormAlert> : null}
      </Panel>
      <Panel title="Feriados agregados" headingId="agregados">
        {holidays.isPending ? <Spinner /> : null}
        {holidays.data?.holidays.length === 0 ? <p>Aún no se agregó ninguno.</p> : null}
        <ul className="bo-cards">
          {holidays.data?.holidays.map((h) => (
            <li key={h.date}>
              <strong>{shortDate(h.date)}</strong> · {h.name} <span className="muted">(agregado por {h.createdBy})</span>{' '}
              <Button variant="ghost" size="sm" loading={remove.isPending && remove.variables === h.date} onClick={() => remove.mutate(h.date, toastAnswer())}>
                Quitar {shortDate(h.date)}
              </Button>
            </li>
          ))}
        </ul>
        {remove.isError ? <FormAlert tone="error">{errorMessage(remove.error)}</FormAlert> : null}
      </Panel>
    </AdminPage>
  );
}
