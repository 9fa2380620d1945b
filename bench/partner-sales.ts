// `npm run bench -- partner-sales [N]`: how long a funeral home's list of its memorials takes with N
// sales (default 2000), each memorial with visits over 30 days and a few memories, on a temporary
// SQLite database; the month's statement of those N sales (data, CSV, PDF); how long renaming the funeral
// home takes when all of them are in their funeral phase (trigger 0088 touches each); and how fast sales are written (createContract with the sale row and two rites,
// as POST /api/partner/contracts does, without the HTTP layer). Prints figures; never passes or fails.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/database';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import { createContract } from '../apps/server/src/modules/contract/contract.service';
import { insertPost } from '../apps/server/src/modules/content/content.repository';
import { salesOf } from '../apps/server/src/modules/partner/partner-memorials.repository';
import { createPartner, createPartnerUser } from '../apps/server/src/modules/partner/partner.service';
import { statementCsv, statementOf, statementPdf } from '../apps/server/src/modules/partner/partner-statement.service';

const count = Number(process.argv[2] ?? 2000);
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-bench-partner-'));
const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: `sqlite:${path.join(dir, 'bench.db')}`, SEED_DEMO: '0', LOG_LEVEL: 'silent', PUBLIC_URL: 'http://recuerdos.test' });
const handle = openDatabase(config.database, { error: () => undefined });
await migrateToLatest(handle.db, handle.dialect);
const db = handle.db;

const { partner, branch } = await createPartner(db, { name: 'Funeraria San Martín', legalName: 'SM SAC', ruc: '20100047218', commissionBp: 1000, branchName: 'Sede Miraflores' });
const { user } = await createPartnerUser({ db, config }, { partnerId: partner.id, email: 'asesor@sanmartin.pe', name: 'Luis Paz', role: 'adviser', branchId: branch.id, password: 'una-clave-larga' });

const started = performance.now();
for (let i = 0; i < count; i++) {
  const now = new Date().toISOString();
  await createContract(
    { db, config },
    {
      email: `familia${i}@ejemplo.pe`,
      name: 'Carmen',
      lastname: 'Huanca',
      person: `Persona ${i}`,
      memorial: { type: 'U', birthdate: null, deathdate: '2026-01-10' },
      within: async (trx, created) => {
        await trx.insertInto('partnerSales').values({ contractId: created.contractId, partnerId: partner.id, branchId: branch.id, sellerId: user.id, person: `Persona ${i}`, priceCents: 35_000 + i, relationship: 'hijo', familyDni: '45678912', familyWhatsapp: '+51987654321', consentText: 'x', consentedAt: now, createdAt: now }).execute();
        await trx
          .insertInto('memorialEvents')
          .values(['velorio', 'entierro'].map((kind) => ({ memorialId: created.memorialId, kind, title: '', date: '2030-03-14', time: '19:00', place: 'Sala', mapUrl: '', createdAt: now, updatedAt: now })))
          .execute();
      },
    },
  );
}
const writeMs = performance.now() - started;
console.log(`partner sales, SQLite: ${count} sales written in ${writeMs.toFixed(0)} ms (${(writeMs / count).toFixed(2)} ms each, one transaction per sale)`);

const memorials = await db.selectFrom('memorials').select('id').execute();
for (const { id } of memorials) {
  await db.insertInto('memorialVisits').values(Array.from({ length: 30 }, (_, d) => ({ memorialId: id, day: `2026-10-${String(d + 1).padStart(2, '0')}`, visits: 3 }))).execute();
  for (let p = 0; p < 3; p++) {
    await insertPost(db, { memorialId: id, authorKind: 'guest', authorName: 'Visitante', authorEmail: null, text: 'Un recuerdo', mediaKey: null, mediaKind: null, state: 'approved', approvedAt: new Date().toISOString() });
  }
}

for (let run = 1; run <= 3; run++) {
  const start = performance.now();
  const rows = await salesOf(db, partner.id, null);
  console.log(`list of memorials (run ${run})   ${(performance.now() - start).toFixed(0).padStart(5)} ms   ${rows.length} rows, visits ${rows[0]?.visits ?? 0}, memories ${rows[0]?.memories ?? 0}`);
}
const month = new Date(Date.now() - 5 * 3_600_000).toISOString().slice(0, 7);
for (let run = 1; run <= 3; run++) {
  let start = performance.now();
  const statement = await statementOf(db, partner.id, month);
  if (!statement) throw new Error('no statement');
  const dataMs = performance.now() - start;
  start = performance.now();
  const csvBytes = statementCsv(statement).length;
  const csvMs = performance.now() - start;
  start = performance.now();
  const pdf = await statementPdf(statement);
  const pdfMs = performance.now() - start;
  console.log(`month's statement (run ${run})   data ${dataMs.toFixed(0).padStart(4)} ms (${statement.total.created} sales)   CSV ${csvMs.toFixed(1)} ms (${csvBytes} bytes)   PDF ${pdfMs.toFixed(0)} ms (${pdf.length} bytes)`);
}
// A rename (decision 031 §4, trigger 0088) touches the partner's memorials still in their funeral
// phase, so their cached QR pages render again; the guest page's request reads nothing more.
await db.updateTable('memorials').set({ funeralUntil: '2099-12-31' }).execute();
for (let run = 1; run <= 3; run++) {
  const start = performance.now();
  await db.updateTable('partners').set({ name: `Funeraria San Martín ${run}` }).where('id', '=', partner.id).execute();
  console.log(`rename, ${count} memorials in phase (run ${run}) ${(performance.now() - start).toFixed(0).padStart(5)} ms`);
}
await handle.close();
await fs.rm(dir, { recursive: true, force: true });
