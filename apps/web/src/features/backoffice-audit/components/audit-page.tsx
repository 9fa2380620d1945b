// /admin/audit (issue 15 §5): every operator action — who, what, when, from which address. Read
// and filter only: nothing here (or anywhere in the application) changes an entry.
import { useSearchParams } from 'react-router';
import { SelectField, TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { dateTime } from '../../../lib/operator/admin-api';
import { useAudit } from '../api/audit';

function detailText(detail: Record<string, unknown>): string {
  return Object.entries(detail)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' · ');
}

export function AuditPage() {
  const [params, setParams] = useSearchParams();
  const filter = { operator: params.get('operator') ?? '', action: params.get('action') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const audit = useAudit(filter);
  const labels = new Map((audit.data?.actions ?? []).map((a) => [a.key, a.label]));
  const set = (name: keyof typeof filter, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  return (
    <AdminPage title="Auditoría">
      <div className="bo-panel bo-filters">
        <SelectField label="Operador" value={filter.operator} onChange={(event) => set('operator', event.currentTarget.value)}>
          <option value="">Todos</option>
          {audit.data?.operators.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </SelectField>
        <SelectField label="Acción" value={filter.action} onChange={(event) => set('action', event.currentTarget.value)}>
          <option value="">Todas</option>
          {audit.data?.actions.map((a) => (
            <option key={a.key} value={a.key}>
              {a.label}
            </option>
          ))}
        </SelectField>
        <TextField label="Desde" type="date" value={filter.from} onChange={(event) => set('from', event.currentTarget.value)} />
        <TextField label="Hasta" type="date" value={filter.to} onChange={(event) => set('to', event.currentTarget.value)} />
      </div>
      {audit.isError ? <FormAlert tone="error">{errorMessage(audit.error)}</FormAlert> : null}
      {audit.isPending ? <Spinner /> : null}
      {audit.data ? (
        <div className="bo-table-wrap" role="region" aria-label="Tabla de acciones" tabIndex={0}>
          <table className="bo-table">
            <caption className="visually-hidden">Acciones de los operadores, la más reciente primero</caption>
            <thead>
              <tr>
                <th scope="col">Cuándo</th>
                <th scope="col">Quién</th>
                <th scope="col">Qué</th>
                <th scope="col">Sobre</th>
                <th scope="col">Detalle</th>
                <th scope="col">Dirección</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.entries.map((e) => (
                <tr key={e.id}>
                  <td>{dateTime(e.createdAt)}</td>
                  <td>{e.operatorEmail}</td>
                  <td>{labels.get(e.action) ?? e.action}</td>
                  <td>{e.target}</td>
                  <td>{detailText(e.detail)}</td>
                  <td>{e.ip || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {audit.data.entries.length === 0 ? <p className="bo-panel">No hay acciones con estos filtros.</p> : null}
          {audit.data.entries.length >= 100 ? <p className="bo-panel muted">Se muestran las 100 más recientes: acota las fechas para ver las anteriores.</p> : null}
        </div>
      ) : null}
    </AdminPage>
  );
}
