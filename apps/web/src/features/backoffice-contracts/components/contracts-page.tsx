// /admin/contracts (issue 15 §2): search by number, owner e-mail or name, or memorial name.
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClass } from '../../../components/button';
import { TextField } from '../../../components/field';
import { FormAlert } from '../../../components/form-alert';
import { AdminPage } from '../../../components/backoffice/admin-page';
import { Spinner } from '../../../components/spinner';
import { errorMessage } from '../../../lib/api-client';
import { shortDate } from '../../../lib/operator/admin-api';
import { useContractSearch } from '../api/contracts';
import { StateBadge } from './state-badge';

export function ContractsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const search = useContractSearch(q);
  const contracts = search.data?.contracts ?? [];

  return (
    <AdminPage
      title="Contratos"
      actions={
        <Link className={buttonClass()} to="/admin/contracts/new">
          Nuevo contrato
        </Link>
      }
    >
      <form
        role="search"
        className="bo-panel bo-filters"
        onSubmit={(event) => {
          event.preventDefault();
          setParams(text.trim() ? { q: text.trim() } : {});
        }}
      >
        <TextField label="Buscar por número, correo, nombre del titular o del ser querido" value={text} onChange={(event) => setText(event.currentTarget.value)} type="search" />
        <button type="submit" className={buttonClass({ variant: 'secondary' })}>
          Buscar
        </button>
      </form>
      {search.isError ? <FormAlert tone="error">{errorMessage(search.error)}</FormAlert> : null}
      {search.isPending ? <Spinner /> : null}
      {search.data ? (
        <div className="bo-table-wrap" role="region" aria-label="Tabla de contratos" tabIndex={0}>
          <table className="bo-table">
            <caption className="visually-hidden">{q ? `Contratos que coinciden con «${q}»` : 'Últimos contratos'}</caption>
            <thead>
              <tr>
                <th scope="col">Número</th>
                <th scope="col">Estado</th>
                <th scope="col">Titular</th>
                <th scope="col">Ser querido</th>
                <th scope="col">Creado</th>
                <th scope="col">Fin del servicio</th>
              </tr>
            </thead>
            <tbody>
              {contracts.map((c) => (
                <tr key={c.number}>
                  <td>
                    <Link to={`/admin/contracts/${encodeURIComponent(c.number)}`}>{c.number}</Link>
                  </td>
                  <td>
                    <StateBadge state={c.state} />
                  </td>
                  <td>
                    {c.owner.name} {c.owner.lastname}
                    <br />
                    <span className="muted">{c.owner.email}</span>
                  </td>
                  <td>{c.memorial.fullname}</td>
                  <td>{shortDate(c.createdAt)}</td>
                  <td>{c.expiresOn ? shortDate(c.expiresOn) : 'Sin fecha de fin'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {contracts.length === 0 ? <p className="bo-panel">No encontramos contratos{q ? ` para «${q}»` : ''}.</p> : null}
        </div>
      ) : null}
    </AdminPage>
  );
}
