// /socios/estado (issue 30 §6): a partner admin's month — memorials registered per branch and
// adviser, how many the families activated, and the commission rate; CSV to download.
import { useState } from 'react';
import { Navigate } from 'react-router';
import { limaDate } from '@recuerdos/shared/dates';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { downloadPartnerFile } from '../../../lib/partner/partner-api';
import { usePartnerSession } from '../../../lib/partner/partner-session';
import { useStatement } from '../api/statement';

export function StatementPage() {
  const session = usePartnerSession();
  const [month, setMonth] = useState(() => limaDate().slice(0, 7));
  if (!session?.user) return <Navigate to="/socios" replace />;
  if (session.user.role !== 'admin') return <Navigate to="/socios/vender" replace />;
  return (
    <PartnerPage title="Estado del mes" intro={<p>Memoriales registrados por sede y asesor, y cuántos activaron las familias. Los pagos se liquidan fuera de Recuerdos.</p>}>
      <TextField label="Mes" type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
      <StatementTable month={month} />
    </PartnerPage>
  );
}

function StatementTable({ month }: { month: string }) {
  const statement = useStatement(month);
  const [error, setError] = useState<string | null>(null);
  if (statement.isPending) return <Spinner label="Cargando el estado del mes" />;
  if (statement.isError) return <FormAlert tone="error">{errorMessage(statement.error)}</FormAlert>;
  const data = statement.data.statement;
  return (
    <div className="partner-stack">
      <table className="partner-table">
        <caption>
          {data.partner}, {data.month}: comisión {data.commissionPercent} %
        </caption>
        <thead>
          <tr>
            <th scope="col">Sede</th>
            <th scope="col">Asesor</th>
            <th scope="col">Registrados</th>
            <th scope="col">Activados</th>
          </tr>
        </thead>
        <tbody>
          {data.rows.map((row) => (
            <tr key={`${row.branch}|${row.seller}`}>
              <td>{row.branch}</td>
              <td>{row.seller}</td>
              <td>{row.created}</td>
              <td>{row.activated}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" colSpan={2}>
              Total
            </th>
            <td>{data.total.created}</td>
            <td>{data.total.activated}</td>
          </tr>
        </tbody>
      </table>
      <Button
        variant="secondary"
        onClick={() => {
          setError(null);
          downloadPartnerFile(`/statement.csv?month=${encodeURIComponent(month)}`, `estado-de-cuenta-${month}.csv`).catch((err: unknown) => setError(errorMessage(err)));
        }}
      >
        Descargar CSV
      </Button>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}
