import { usePageMeta } from '../../../lib/page-meta';

export function EditDataPage() {
  usePageMeta('Editar datos', 'Edita los datos del memorial.');
  return <h1>Editar datos</h1>;
}
