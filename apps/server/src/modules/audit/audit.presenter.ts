import type { AdminAuditEntry } from '@recuerdos/shared/admin-api-types';
import type { AuditEntry } from '../../db/schema';
import { AUDIT_ACTIONS } from './audit.service';

function parseDetail(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function presentAuditEntry(row: AuditEntry): AdminAuditEntry {
  return {
    id: row.id,
    operatorEmail: row.operatorEmail,
    action: row.action,
    target: row.target,
    detail: parseDetail(row.detail),
    ip: row.ip,
    createdAt: row.createdAt,
  };
}

export function presentAudit(result: { entries: AuditEntry[]; operators: string[] }) {
  return {
    entries: result.entries.map(presentAuditEntry),
    operators: result.operators,
    actions: Object.entries(AUDIT_ACTIONS).map(([key, label]) => ({ key, label })),
  };
}
