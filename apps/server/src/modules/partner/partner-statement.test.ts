// The monthly statement (issue 30 §6): one Lima month of a partner's sales from two branches, per
// branch and adviser — sold and activated by the family — as data and as CSV; only the admin gets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { asPartner, makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';
import type { Statement } from './partner-statement.service';

let t: TestServer;
let home: TestPartner;

beforeAll(async () => {
  t = await startTestServer();
  home = await makePartner(t.db, { name: 'Funeraria San Martín', commissionBp: 1250 });
});
afterAll(async () => {
  await t.close();
});

let seq = 0;
async function sell(token: string) {
  seq += 1;
  const email = `estado.${seq}@ejemplo.pe`;
  const res = await t.postJson<{ sale: { contract: string } }>(
    '/api/partner/contracts',
    { person: `Persona ${seq}`, deathdate: '2026-01-10', familyName: 'Ana', familyLastname: 'Quispe', dni: '45678912', relationship: 'hijo', email, whatsapp: '987654321', price: '350', consent: true },
    asPartner(token),
  );
  expect(res.status).toBe(200);
  return { contract: res.body.data.sale.contract, email };
}

describe('the monthly statement', () => {
  it('counts one month’s sales of two branches per adviser, and the families’ activations, with the commission', async () => {
    const luis = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id, name: 'Luis Paz' }));
    const ana = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.otherBranch.id, name: 'Ana Ríos' }));
    const admin = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { role: 'admin' }));
    const first = await sell(luis);
    await sell(luis);
    await sell(ana);
    const lastMonth = await sell(ana);
    await t.db
      .updateTable('partnerSales')
      .set({ createdAt: '2020-01-15T15:00:00.000Z' })
      .where('contractId', '=', (eb) => eb.selectFrom('contracts').select('id').where('number', '=', lastMonth.contract))
      .execute();
    const mail = await t.mail((m) => m.to.includes(first.email));
    const link = new URL(findLink(mail.text, 'http://recuerdos.test/activate-account'));
    expect((await t.postJson('/api/contract/activate', { contract: link.searchParams.get('contract') ?? '', token: link.searchParams.get('token') ?? '' })).status).toBe(200);

    const month = limaDate().slice(0, 7);
    const res = await t.get<{ statement: Statement }>(`/api/partner/statement?month=${month}`, asPartner(admin));
    expect(res.status).toBe(200);
    expect(res.body.data.statement).toEqual({
      month,
      partner: 'Funeraria San Martín',
      commissionPercent: 12.5,
      rows: [
        { branch: 'Sede Miraflores', seller: 'Luis Paz', created: 2, activated: 1 },
        { branch: 'Sede Surco', seller: 'Ana Ríos', created: 1, activated: 0 },
      ],
      total: { created: 3, activated: 1 },
    });
    const old = await t.get<{ statement: Statement }>('/api/partner/statement?month=2020-01', asPartner(admin));
    expect(old.body.data.statement.rows).toEqual([{ branch: 'Sede Surco', seller: 'Ana Ríos', created: 1, activated: 0 }]);

    const csv = await fetch(`${t.url}/api/partner/statement.csv?month=${month}`, { headers: { partner: admin } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Mes,Sede,Asesor,Contratos registrados,Activados por la familia,Comisión (%)',
      `${month},Sede Miraflores,Luis Paz,2,1,12.5`,
      `${month},Sede Surco,Ana Ríos,1,0,12.5`,
      `${month},Total,,3,1,12.5`,
      '',
    ]);

    const adviserTry = await t.get(`/api/partner/statement?month=${month}`, asPartner(luis));
    expect(adviserTry.status).toBe(403);
    const bad = await t.get('/api/partner/statement?month=2026-13', asPartner(admin));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Elige el mes (aaaa-mm)');
  });
});
