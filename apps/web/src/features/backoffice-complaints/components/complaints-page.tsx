// /admin/complaints (issue 15 §3): the book of a year — number, date, type, consumer, contract,
// status and deadline; due within 3 business days and overdue stand out — and its export. A contract
// sold through a funeral home names it (issue 30 §6); the complaint still comes to us.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass, Button } from '../../../components/button';
import { SelectField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { Spinner } from '../../../components/spinner';
import { showToast } from '../../../components/toast';
import { errorMessage } from '../../../lib/api-client';
import { dateTime, shortDate } from '../../../lib/operator/admin-api';
import { downloadBook, useComplaints } from '../api/complaints';
import { Urgency } from './urgency';

const THIS_YEAR = new Date().getFullYear();
const YEARS = Array.from({ length: THIS_YEAR - 2024 + 1 }, (_, i) => String(THIS_YEAR - i));

export function ComplaintsPage() {
  const [params, setParams] = useSearchParams();
  const year = params.get('year') ?? String(THIS_YEAR);
  const status = params.get('status') ?? '';
  const list = useComplaints(year, status);
  const [exporting, setExporting] = useState<'csv' | 'pdf' | null>(null);
  const complaints = list.data?.complaints ?? [];
  const attention = complaints.filter((c) => c.urgency !== null).length;

  const exportBook = async (format: 'csv' | 'pdf') => {
    setExporting(format);
    try {
      await downloadBook(year, format);
    } catch (err) {
      showToast('error', errorMessage(err));
    } finally {
      setExporting(null);
    }
  };
  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };

  return (
    <AdminPage
      title="Libro de Reclamaciones"
      actions={
        <>
          <Link className={buttonClass({ variant: 'secondary' })} to="/admin/complaints/holidays">
            Feriados
          </Link>
          <Button variant="secondary" loading={exporting === 'csv'} onClick={() => void exportBook('csv')}>
            Exportar {year} (CSV)
          </Button>
          <Button variant="secondary" loading={exporting === 'pdf'} onClick={() => void exportBook('pdf')}>
            Exportar {year} (PDF)
          </Button>
        </>
      }
    >
      <div className="bo-panel bo-filters">
        <SelectField label="Año" value={year} disabled={status === 'attention'} onChange={(event) => set('year', event.currentTarget.value)}>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </SelectField>
        <SelectField label="Mostrar" value={status} onChange={(event) => set('status', event.currentTarget.value)}>
          <option value="">Todos</option>
          <option value="received">Sin respuesta</option>
          <option value="answered">Respondidos</option>
          <option value="attention">Por vencer o vencidos (todos los años)</option>
        </SelectField>
      </div>
      {attention > 0 && status !== 'attention' ? (
        <FormAlert tone="error">{`${attention} ${attention === 1 ? 'reclamo necesita' : 'reclamos necesitan'} respuesta pronto: vencen en 3 días hábiles o menos, o ya vencieron.`}</FormAlert>
      ) : null}
      {list.isError ? <FormAlert tone="error">{errorMessage(list.error)}</FormAlert> : null}
      {list.isPending ? <Spinner /> : null}
      {list.data ? (
        <div className="bo-table-wrap" role="region" aria-label="Tabla de reclamos y quejas" tabIndex={0}>
          <table className="bo-table">
            <caption className="visually-hidden">Reclamos y quejas</caption>
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Registrado</th>
                <th scope="col">Tipo</th>
                <th scope="col">Consumidor</th>
                <th scope="col">Contrato</th>
                <th scope="col">Vendido por</th>
                <th scope="col">Estado</th>
                <th scope="col">Responder hasta</th>
              </tr>
            </thead>
            <tbody>
              {complaints.map((c) => (
                <tr key={c.number} className={c.urgency ? `is-${c.urgency}` : undefined}>
                  <td>
                    <Link to={`/admin/complaints/${c.number}`}>{c.number}</Link>
                  </td>
                  <td>{dateTime(c.createdAt)}</td>
                  <td>{c.typeLabel}</td>
                  <td>
                    {c.consumer}
                    <br />
                    <span className="muted">{c.email}</span>
                  </td>
                  <td>{c.contract}</td>
                  <td>{c.partner ?? <span className="muted">Recuerdos</span>}</td>
                  <td>
                    <Urgency complaint={c} />
                  </td>
                  <td>{shortDate(c.dueOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {complaints.length === 0 ? <p className="bo-panel">No hay reclamos ni quejas con estos filtros.</p> : null}
        </div>
      ) : null}
    </AdminPage>
  );
}
