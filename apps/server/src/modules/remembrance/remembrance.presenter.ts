// Ceremony rows → what the API gives (issue 14 §2): the kind's name unless the family gave one, and
// whether its day (Lima's) is past.
import { limaDate } from '@recuerdos/shared/dates';
import { eventName, type EventKind, type MemorialEvent } from '@recuerdos/shared/remembrance';
import type { EventRow } from './remembrance.repository';

export function presentEvent(row: EventRow, today: string): MemorialEvent {
  const kind = row.kind as EventKind;
  return {
    id: row.id,
    kind,
    name: eventName(kind, row.title),
    title: row.title,
    date: row.date,
    time: row.time,
    place: row.place,
    mapUrl: row.mapUrl,
    past: row.date < today,
  };
}

export function presentEvents(rows: readonly EventRow[], now: Date): MemorialEvent[] {
  const today = limaDate(now);
  return rows.map((row) => presentEvent(row, today));
}
