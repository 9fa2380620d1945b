// /socios/estado (issue 30 §6): a partner admin's month — memorials registered per branch and
// adviser, how many the families activated, the amounts paid and the commission; PDF and CSV.
import { useState } from 'react';
import { Navigate } from 'react-router';
import { limaDate } from '@recuerdos/shared/dates';
import { Button } from '../../../components/button';
import { TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { PartnerPage } from '../../../components/partner/partner-page';
import { Spinner } from '../../../components/spinner';
import { StatementTable } from '../../../components/statement/statement-table';
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
    <PartnerPage title="Estado del mes" intro={<p>Memoriales registrados por sede y asesor, cuántos activaron las familias, lo que pagaron y tu comisión. Los pagos se liquidan fuera de Recuerdos.</p>}>
      <TextField label="Mes" type="month" value={month} onChange={(event) => setMonth(event.target.value)} />
      <StatementView month={month} />
    </PartnerPage>
  );
}

function StatementView({ month }: { month: string }) {
  const statement = useStatement(month);
  const [error, setError] = useState<string | null>(null);
  if (statement.isPending) return <Spinner label="Cargando el estado del mes" />;
  if (statement.isError) return <FormAlert tone="error">{errorMessage(statement.error)}</FormAlert>;
  const download = (kind: 'csv' | 'pdf') => {
    setError(null);
    downloadPartnerFile(`/statement.${kind}?month=${encodeURIComponent(month)}`, `estado-de-cuenta-${month}.${kind}`).catch((err: unknown) => setError(errorMessage(err)));
  };
  return (
    <div className="partner-stack">
      <StatementTable statement={statement.data.statement} tableClass="partner-table" />
      <Button variant="secondary" onClick={() => download('pdf')}>
        Descargar PDF
      </Button>
      <Button variant="secondary" onClick={() => download('csv')}>
        Descargar CSV
      </Button>
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
    </div>
  );
}
