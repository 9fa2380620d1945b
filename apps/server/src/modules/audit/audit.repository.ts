// Every SQL statement of the audit trail. Rows are only ever inserted (migration 0041 makes the
// database refuse UPDATE and DELETE on audit_log).
import type { Kysely } from 'kysely';
import type { AuditEntry, Database } from '../../db/schema';

export async function insertAuditEntry(db: Kysely<Database>, entry: Omit<AuditEntry, 'id'>): Promise<void> {
  await db.insertInto('auditLog').values(entry).execute();
}

export interface AuditFilter {
  operator: string;
  action: string;
  /** ISO timestamps, inclusive from, exclusive to. */
  fromIso: string | null;
  toIso: string | null;
  /** Only entries with a smaller id (the next page). */
  beforeId: number | null;
  limit: number;
}

export function listAuditEntries(db: Kysely<Database>, filter: AuditFilter): Promise<AuditEntry[]> {
  let query = db.selectFrom('auditLog').selectAll().orderBy('id', 'desc').limit(filter.limit);
  if (filter.operator) query = query.where('operatorEmail', '=', filter.operator);
  if (filter.action) query = query.where('action', '=', filter.action);
  if (filter.fromIso) query = query.where('createdAt', '>=', filter.fromIso);
  if (filter.toIso) query = query.where('createdAt', '<', filter.toIso);
  if (filter.beforeId !== null) query = query.where('id', '<', filter.beforeId);
  return query.execute();
}

export async function auditOperators(db: Kysely<Database>): Promise<string[]> {
  const rows = await db.selectFrom('auditLog').select('operatorEmail').distinct().orderBy('operatorEmail').execute();
  return rows.map((r) => r.operatorEmail);
}
