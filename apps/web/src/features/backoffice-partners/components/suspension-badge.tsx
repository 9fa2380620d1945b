import { Badge } from '../../../components/backoffice/admin-page';

export function SuspensionBadge({ suspended }: { suspended: boolean }) {
  return suspended ? <Badge tone="danger">Suspendido</Badge> : <Badge tone="success">Activo</Badge>;
}
