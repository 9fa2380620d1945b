import { describe, expect, it } from 'vitest';
import type { Complaint } from '../../db/schema';
import { addBusinessDays, businessDaysBetween, easterSunday, isBusinessDay, peruHoliday } from './complaint.calendar';
import { formatComplaintList } from './complaint.presenter';
import { complaintNumber } from './complaint.repository';

describe('Peruvian business days', () => {
  it('computes Easter, and Holy Thursday and Good Friday from it', () => {
    expect([2024, 2025, 2026, 2027, 2030, 2038].map(easterSunday)).toEqual([
      '2024-03-31', '2025-04-20', '2026-04-05', '2027-03-28', '2030-04-21', '2038-04-25',
    ]);
    expect(peruHoliday('2026-04-02')).toBe('Jueves Santo');
    expect(peruHoliday('2026-04-03')).toBe('Viernes Santo');
    expect(peruHoliday('2027-03-25')).toBe('Jueves Santo');
    expect(peruHoliday('2026-04-06')).toBeNull();
  });

  it('knows the fixed holidays and weekends', () => {
    expect(peruHoliday('2026-07-28')).toBe('Fiestas Patrias');
    expect(peruHoliday('2026-12-09')).toBe('Batalla de Ayacucho');
    expect(isBusinessDay('2026-07-23')).toBe(false);
    expect(isBusinessDay('2026-11-21')).toBe(false); // Saturday
    expect(isBusinessDay('2026-11-23')).toBe(true);
  });

  it('puts the deadline 15 business days later, across holidays', () => {
    // From Monday 20 July 2026: 23, 28, 29 July and 6 August are holidays.
    expect(addBusinessDays('2026-07-20', 15)).toBe('2026-08-14');
    // Holy week 2026 moves the deadline two days.
    expect(addBusinessDays('2026-03-30', 15)).toBe('2026-04-22');
    // Christmas and New Year.
    expect(addBusinessDays('2026-12-18', 15)).toBe('2027-01-12');
    // A complaint on a Sunday counts from Monday.
    expect(addBusinessDays('2026-11-22', 1)).toBe('2026-11-23');
  });

  it('skips holidays declared later (added by an operator)', () => {
    const extra = new Set(['2026-07-21']);
    expect(isBusinessDay('2026-07-21', extra)).toBe(false);
    expect(addBusinessDays('2026-07-20', 15, extra)).toBe('2026-08-17');
    expect(businessDaysBetween('2026-07-20', '2026-08-17', extra)).toBe(15);
  });

  it('counts business days left and overdue', () => {
    expect(businessDaysBetween('2026-07-20', '2026-08-14')).toBe(15);
    expect(businessDaysBetween('2026-08-14', '2026-07-20')).toBe(-15);
    expect(businessDaysBetween('2026-08-14', '2026-08-14')).toBe(0);
  });
});

describe('operator listing', () => {
  const row = (overrides: Partial<Complaint>): Complaint => ({
    id: 1,
    number: complaintNumber(2026, 1),
    year: 2026,
    seq: 1,
    createdAt: '2026-07-20T15:30:00.000Z',
    consumerDate: '20/07/2026',
    name: 'María',
    lastname: 'Huamán',
    email: 'maria@ejemplo.pe',
    contract: 'RC-1',
    document: '45678912',
    phone: '987654321',
    type: '1',
    detail: 'x',
    request: 'y',
    dueOn: '2026-08-14',
    ...overrides,
  });

  it('shows each complaint with its deadline and what is left of it', () => {
    const text = formatComplaintList(
      [row({}), row({ id: 2, number: complaintNumber(2026, 2), seq: 2, type: '2', dueOn: '2026-08-05', name: 'José' }), row({ id: 3, number: '2026-000003', dueOn: '2026-08-07' })],
      '2026-08-07',
    );
    const lines = text.split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toMatch(/^2026-000001\s+20\/07\/2026 10:30\s+Reclamo\s+María Huamán\s+maria@ejemplo\.pe\s+RC-1\s+14\/08\/2026\s+quedan 5 días hábiles$/);
    expect(lines[3]).toMatch(/Queja .* 05\/08\/2026\s+vencido hace 1 día hábil$/);
    expect(lines[4]).toMatch(/vence hoy$/);
    expect(formatComplaintList([], '2026-08-07')).toBe('No hay reclamos ni quejas registrados.');
  });
});
