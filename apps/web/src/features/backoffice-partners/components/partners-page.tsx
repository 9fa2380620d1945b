// /admin/socios (issue 30 §7): the funeral homes and camposantos that sell Recuerdos — trade name,
// RUC, branches, staff, memorials sold, suspended or not — with suspension and its reverse, each
// confirmed in a dialog.
import { useState } from 'react';
import { Link } from 'react-router';
import type { BackofficePartnerData } from '@recuerdos/shared/partner-api-types';
import { Button, buttonClass } from '../../../components/button';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { usePartners } from '../api/partners';
import { SuspensionBadge } from './suspension-badge';
import { SuspensionDialog } from './suspension-dialog';

export function PartnersPage() {
  const list = usePartners();
  const [acting, setActing] = useState<BackofficePartnerData | null>(null);
  const partners = list.data?.partners ?? [];
  return (
    <AdminPage
      title="Socios"
      actions={
        <Link className={buttonClass()} to="/admin/socios/nuevo">
          Nuevo socio
        </Link>
      }
    >
      <p className="muted">Funerarias y camposantos que venden memoriales de Recuerdos. Los memoriales que venden son de las familias.</p>
      {list.isError ? <FormAlert tone="error">{errorMessage(list.error)}</FormAlert> : null}
      {list.isPending ? <Spinner /> : null}
      {list.data ? (
        <div className="bo-table-wrap" role="region" aria-label="Tabla de socios" tabIndex={0}>
          <table className="bo-table">
            <caption className="visually-hidden">Socios</caption>
            <thead>
              <tr>
                <th scope="col">Nombre comercial</th>
                <th scope="col">RUC</th>
                <th scope="col">Sedes</th>
                <th scope="col">Personal</th>
                <th scope="col">Memoriales vendidos</th>
                <th scope="col">Estado</th>
                <th scope="col">Acciones</th>
              </tr>
            </thead>
            <tbody>
              {partners.map((p) => (
                <tr key={p.id}>
                  <td>
                    <Link to={`/admin/socios/${p.id}`}>{p.name}</Link>
                  </td>
                  <td>{p.ruc}</td>
                  <td>{p.branches}</td>
                  <td>{p.staff}</td>
                  <td>{p.sales}</td>
                  <td>
                    <SuspensionBadge suspended={p.suspended} />
                  </td>
                  <td>
                    <Button size="sm" variant={p.suspended ? 'secondary' : 'danger'} onClick={() => setActing(p)}>
                      {p.suspended ? `Reactivar a ${p.name}` : `Suspender a ${p.name}`}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {partners.length === 0 ? <p className="bo-panel">Todavía no hay socios.</p> : null}
        </div>
      ) : null}
      {acting ? <SuspensionDialog partner={acting} onClose={() => setActing(null)} /> : null}
    </AdminPage>
  );
}
