import type { Visits } from '@recuerdos/shared/api-types';
import type { VisitCounts } from './visit.repository';

export function presentVisits(counts: VisitCounts, novemberYear: number): { visits: Visits } {
  return { visits: { week: counts.week, total: counts.total, november: { year: novemberYear, visits: counts.november } } };
}
