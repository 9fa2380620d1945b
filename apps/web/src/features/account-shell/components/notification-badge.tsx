// The pending-posts count beside 'Notificaciones' (spec §2, §9: '+99' on desktop, '+9' on mobile);
// it rises without a reload while the page is open (issue 28 §4).
import { capCount } from '@recuerdos/shared/format';
import { usePendingPosts, useWatchPendingCount } from '../../../lib/account/get-pending-posts';

export function pendingLabel(count: number, cap: number): string {
  if (count > cap) return `más de ${cap} mensajes pendientes`;
  return count === 1 ? '1 mensaje pendiente' : `${count} mensajes pendientes`;
}

export function NotificationBadge({ cap }: { cap: number }) {
  const { data } = usePendingPosts();
  useWatchPendingCount();
  const count = data?.length ?? 0;
  if (count === 0) return null;
  return (
    <>
      <span className="badge" aria-hidden="true" data-testid="notification-badge">
        {capCount(count, cap)}
      </span>
      <span className="visually-hidden">, {pendingLabel(count, cap)}</span>
    </>
  );
}
