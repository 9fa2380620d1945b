// /guest?id= — placeholder of the guest memorial (issue 5 builds it, server-rendered and hydrated
// by its own small bundle). The route guard already sent a visitor without an id to /.
import { PageSpinner } from '../../../components/spinner';
import { usePageMeta } from '../../../lib/page-meta';

export function GuestPage() {
  usePageMeta('Memorial', 'Un memorial en línea de Recuerdos.');
  return (
    <main id="contenido" tabIndex={-1}>
      <h1 className="visually-hidden">Memorial</h1>
      <PageSpinner label="Cargando el memorial…" />
    </main>
  );
}
