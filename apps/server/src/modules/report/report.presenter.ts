import type { AdminReport } from '@recuerdos/shared/admin-api-types';
import { guestUrl } from '../../http/links';
import type { MediaLinks } from '../../media/media-links';
import type { QueuedReport } from './report.repository';
import { reasonLabel } from './report.service';

export function presentReport(row: QueuedReport, publicUrl: string, links: MediaLinks): AdminReport {
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    reasonLabel: reasonLabel(row.reason),
    details: row.details,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    resolvedBy: row.resolvedBy,
    resolution: row.resolution,
    otherOpenReports: row.otherOpenReports,
    memorial: { identifier: row.identifier, fullname: row.fullname, type: row.type, guestUrl: guestUrl(publicUrl, row.identifier) },
    post: {
      reg: row.reg,
      authorKind: row.authorKind,
      authorName: row.authorKind === 'owner' ? 'Familia' : row.authorName,
      text: row.text,
      path: links.of({ id: row.memorialId, type: row.type, accessCodeVersion: row.accessCodeVersion })(row.mediaKey, row.mediaKind),
      hidden: row.hiddenAt !== null,
      hiddenReason: row.hiddenReason,
    },
  };
}
