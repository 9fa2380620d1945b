// /admin/socios/estado and /admin/socios/:id/estado (issue 30 §6 and §7): the operators' copy of
// any partner's monthly statement — the same table, PDF and CSV the partner admin gets at
// /socios/estado. The partner and the month are in the address, so a link can name both.
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { limaDate } from '@recuerdos/shared/dates';
import { Button } from '../../../components/button';
import { SelectField, TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { Spinner } from '../../../components/spinner';
import { StatementTable } from '../../../components/statement/statement-table';
import { errorMessage } from '../../../lib/api-client';
import { downloadAdminFile } from '../../../lib/operator/admin-api';
import { usePartnerChoices, usePartnerStatement } from '../api/partner-statement';

export function PartnerStatementPage() {
  const navigate = useNavigate();
  const { id: rawId } = useParams();
  const [params, setParams] = useSearchParams();
  const id = rawId && /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const month = params.get('month') ?? limaDate().slice(0, 7);
  const choices = usePartnerChoices();

  return (
    <AdminPage title="Estado de cuenta de socios">
      <div className="bo-panel bo-filters">
        <SelectField
          label="Socio"
          value={id === null ? '' : String(id)}
          onChange={(event) => {
            const chosen = event.currentTarget.value;
            void navigate(chosen ? `/admin/socios/${chosen}/estado?month=${encodeURIComponent(month)}` : '/admin/socios/estado');
          }}
        >
          <option value="">Elige el socio</option>
          {(choices.data?.partners ?? []).map((partner) => (
            <option key={partner.id} value={partner.id}>
              {partner.name} · RUC {partner.ruc}
              {partner.suspended ? ' (suspendido)' : ''}
            </option>
          ))}
        </SelectField>
        <TextField label="Mes" type="month" value={month} onChange={(event) => setParams({ month: event.currentTarget.value }, { replace: true })} />
      </div>
      {choices.isError ? <FormAlert tone="error">{errorMessage(choices.error)}</FormAlert> : null}
      {id === null ? <p className="bo-panel">Elige un socio para ver sus ventas del mes, lo que pagaron las familias y su comisión.</p> : <StatementView id={id} month={month} />}
    </AdminPage>
  );
}

function StatementView({ id, month }: { id: number; month: string }) {
  const statement = usePartnerStatement(id, month);
  const [error, setError] = useState<string | null>(null);
  if (statement.isError) return <FormAlert tone="error">{errorMessage(statement.error)}</FormAlert>;
  if (!statement.data) return <Spinner />;
  const data = statement.data.statement;
  const download = (kind: 'csv' | 'pdf') => {
    setError(null);
    downloadAdminFile(`/partners/${id}/statement.${kind}?month=${encodeURIComponent(month)}`, `estado-de-cuenta-${data.ruc}-${month}.${kind}`).catch((err: unknown) => setError(errorMessage(err)));
  };
  return (
    <section className="bo-panel" aria-label={`Estado de cuenta de ${data.partner}`}>
      <StatementTable statement={data} tableClass="bo-table" />
      <div className="bo-head__actions">
        <Button variant="secondary" onClick={() => download('pdf')}>
          Descargar PDF
        </Button>
        <Button variant="secondary" onClick={() => download('csv')}>
          Descargar CSV
        </Button>
      </div>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </section>
  );
}
