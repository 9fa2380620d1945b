import type { AdminContractState } from '@recuerdos/shared/admin-api-types';
import { Badge } from '../../../components/backoffice/admin-page';

const LABELS: Record<AdminContractState, [string, 'warning' | 'success' | 'danger']> = {
  pending: ['Pendiente de activación', 'warning'],
  active: ['Activo', 'success'],
  expired: ['Vencido', 'danger'],
};

export function StateBadge({ state }: { state: AdminContractState }) {
  const [label, tone] = LABELS[state];
  return <Badge tone={tone}>{label}</Badge>;
}
