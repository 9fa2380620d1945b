import { usePageMeta } from '../../../lib/page-meta';

export function AccountHomePage() {
  usePageMeta('Inicio', 'Tu memorial en Recuerdos.');
  return <h1>Inicio</h1>;
}
