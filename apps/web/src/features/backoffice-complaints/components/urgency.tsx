import type { AdminComplaint } from '@recuerdos/shared/admin-api-types';
import { Badge } from '../../../components/backoffice/admin-page';

/** Status and deadline in words: overdue and due within 3 business days stand out. */
export function Urgency({ complaint }: { complaint: Pick<AdminComplaint, 'status' | 'urgency' | 'businessDaysLeft'> }) {
  if (complaint.status === 'answered') return <Badge tone="success">Respondido</Badge>;
  if (complaint.urgency === 'overdue') {
    const days = -complaint.businessDaysLeft;
    return <Badge tone="danger">{`Vencido hace ${days} día${days === 1 ? '' : 's'} hábil${days === 1 ? '' : 'es'}`}</Badge>;
  }
  const left = complaint.businessDaysLeft;
  const text = left === 0 ? 'Vence hoy' : `Quedan ${left} día${left === 1 ? '' : 's'} hábil${left === 1 ? '' : 'es'}`;
  return <Badge tone={complaint.urgency === 'due-soon' ? 'warning' : 'neutral'}>{`Recibido · ${text}`}</Badge>;
}
