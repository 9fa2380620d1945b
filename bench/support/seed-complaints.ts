// A year's complaints book for the benches (complaints-book.ts, pdf.ts): `count` complaints of the
// same plausible length, one every `spacingHours`, every second one answered the next day.
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema';
import { insertComplaint, insertEntry } from '../../apps/server/src/modules/complaint/complaint.repository';

export async function seedComplaints(db: Kysely<Database>, year: number, count: number, spacingHours: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const at = new Date(Date.UTC(year, 0, 2) + i * spacingHours * 3600_000);
    const c = await insertComplaint(db, {
      year, createdAt: at.toISOString(), consumerDate: `02/01/${year}`, name: 'María José', lastname: 'Peña Ñahui', email: `c${i}@ejemplo.pe`,
      contract: `REC-${year}-00001`, document: '45678912', phone: '987654321', type: i % 3 === 0 ? '2' : '1',
      detail: '¿Por qué no aparecen las fotos de mi padre? Las subí varias veces y no se ven en el perfil. '.repeat(3),
      request: 'Que revisen mi cuenta y me ayuden a publicarlas.', dueOn: `${year}-01-23`,
    });
    if (i % 2 === 0) {
      await insertEntry(db, { complaintId: c.id, kind: 'answer', text: 'Revisamos tu cuenta y ya están publicadas. Disculpa las molestias.', operatorId: 1, operatorName: 'Lucía Torres', emailedTo: c.email, createdAt: new Date(at.getTime() + 86_400_000).toISOString() });
    }
  }
}
