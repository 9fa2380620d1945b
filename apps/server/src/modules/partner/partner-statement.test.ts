// The monthly statement (issue 30 §6): one Lima month of a partner's sales from two branches, per
// branch and adviser — sold, activated by the family, the amount paid and the commission at the
// partner's rate, rounded per sale — as data, as CSV and as a PDF read back; only the admin gets it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limaDate } from '@recuerdos/shared/dates';
import { startTestServer, type TestServer } from '../../../test/helper';
import { findLink } from '../../../test/smtp-capture';
import { pdfText } from '../../../test/pdf';
import { makeOperator, operatorToken } from '../../../test/operators';
import { asPartner, makePartner, makePartnerUser, partnerToken, type TestPartner } from '../../../test/partners';
import { monthInWords } from '@recuerdos/shared/format';
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
async function sell(token: string, price: string) {
  seq += 1;
  const email = `estado.${seq}@ejemplo.pe`;
  const res = await t.postJson<{ sale: { contract: string } }>(
    '/api/partner/contracts',
    { person: `Persona ${seq}`, deathdate: '2026-01-10', familyName: 'Ana', familyLastname: 'Quispe', dni: '45678912', relationship: 'hijo', email, whatsapp: '987654321', price, consent: true },
    asPartner(token),
  );
  expect(res.status).toBe(200);
  return { contract: res.body.data.sale.contract, email };
}

async function contractId(number: string): Promise<number> {
  return (await t.db.selectFrom('contracts').select('id').where('number', '=', number).executeTakeFirstOrThrow()).id;
}

/** pdf.js gives the es-PE currency's no-break space as it was drawn: compare with plain spaces. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('the monthly statement', () => {
  it('sums one month’s sales of two branches per adviser: activations, amounts and the commission rounded per sale', async () => {
    const luis = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.branch.id, name: 'Luis Paz' }));
    const ana = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { branchId: home.otherBranch.id, name: 'Ana Ríos' }));
    const admin = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { role: 'admin' }));
    // 12.5 % of S/ 350.60 is S/ 43.825: each sale's commission rounds half up to S/ 43.83, so two make
    // S/ 87.66 — rounding the month's S/ 701.20 once would give S/ 87.65.
    const first = await sell(luis, '350,60');
    await sell(luis, '350.60');
    await sell(ana, '1200');
    // A sale made before prices were recorded (0084 left it null).
    const unpriced = await sell(ana, '999');
    await t.db.updateTable('partnerSales').set({ priceCents: null }).where('contractId', '=', await contractId(unpriced.contract)).execute();
    const lastMonth = await sell(ana, '500');
    await t.db.updateTable('partnerSales').set({ createdAt: '2020-01-15T15:00:00.000Z' }).where('contractId', '=', await contractId(lastMonth.contract)).execute();
    const mail = await t.mail((m) => m.to.includes(first.email));
    const link = new URL(findLink(mail.text, 'http://recuerdos.test/activate-account'));
    expect((await t.postJson('/api/contract/activate', { contract: link.searchParams.get('contract') ?? '', token: link.searchParams.get('token') ?? '' })).status).toBe(200);

    const month = limaDate().slice(0, 7);
    const res = await t.get<{ statement: Statement }>(`/api/partner/statement?month=${month}`, asPartner(admin));
    expect(res.status).toBe(200);
    expect(res.body.data.statement).toEqual({
      month,
      partner: 'Funeraria San Martín',
      legalName: 'Servicios Funerarios San Martín S.A.C.',
      ruc: home.partner.ruc,
      commissionBp: 1250,
      commissionPercent: 12.5,
      rows: [
        { branch: 'Sede Miraflores', seller: 'Luis Paz', created: 2, activated: 1, unpriced: 0, amountCents: 70120, commissionCents: 8766 },
        { branch: 'Sede Surco', seller: 'Ana Ríos', created: 2, activated: 0, unpriced: 1, amountCents: 120000, commissionCents: 15000 },
      ],
      total: { created: 4, activated: 1, unpriced: 1, amountCents: 190120, commissionCents: 23766 },
    });
    const old = await t.get<{ statement: Statement }>('/api/partner/statement?month=2020-01', asPartner(admin));
    expect(old.body.data.statement.rows).toEqual([{ branch: 'Sede Surco', seller: 'Ana Ríos', created: 1, activated: 0, unpriced: 0, amountCents: 50000, commissionCents: 6250 }]);

    const csv = await fetch(`${t.url}/api/partner/statement.csv?month=${month}`, { headers: { partner: admin } });
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="estado-de-cuenta-${home.partner.ruc}-${month}.csv"`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')).toEqual([
      'Mes,Sede,Asesor,Contratos registrados,Activados por la familia,Sin precio registrado,Monto vendido (S/),Comisión (%),Comisión (S/)',
      `${month},Sede Miraflores,Luis Paz,2,1,0,701.20,12.5,87.66`,
      `${month},Sede Surco,Ana Ríos,2,0,1,1200.00,12.5,150.00`,
      `${month},Total,,4,1,1,1901.20,12.5,237.66`,
      '',
    ]);

    const pdf = await fetch(`${t.url}/api/partner/statement.pdf?month=${month}`, { headers: { partner: admin } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(`attachment; filename="estado-de-cuenta-${home.partner.ruc}-${month}.pdf"`);
    const read = await pdfText(new Uint8Array(await pdf.arrayBuffer()));
    const shown = plain(read.text);
    for (const expected of [
      `Estado de cuenta de ${monthInWords(month)}`,
      'Funeraria San Martín',
      'Servicios Funerarios San Martín S.A.C.',
      `RUC ${home.partner.ruc} · Comisión 12.5 %`,
      'Sede Miraflores',
      'Luis Paz',
      'S/ 701.20',
      'S/ 87.66',
      'Sede Surco',
      'Ana Ríos',
      'S/ 1,200.00',
      '(1 sin precio registrado)',
      'S/ 1,901.20',
      'S/ 237.66',
      'redondeada al céntimo (media unidad hacia arriba)',
    ]) {
      expect(shown).toContain(expected);
    }
    expect(read.sizes[0]?.[0]).toBeCloseTo(595.28, 0);

    for (const path of ['statement', 'statement.csv', 'statement.pdf']) {
      const adviserTry = await t.get(`/api/partner/${path}?month=${month}`, asPartner(luis));
      expect(adviserTry.status).toBe(403);
      expect(adviserTry.body.message).toBe('Solo el administrador de tu empresa puede hacer esto');
    }
    const bad = await t.get('/api/partner/statement.pdf?month=2026-13', asPartner(admin));
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Elige el mes (aaaa-mm)');
  });

  it('says so when a month has no sales, in the PDF too', async () => {
    const admin = await partnerToken(t.db, await makePartnerUser(t.db, home.partner, { role: 'admin' }));
    const res = await t.get<{ statement: Statement }>('/api/partner/statement?month=2019-03', asPartner(admin));
    expect(res.body.data.statement.rows).toEqual([]);
    expect(res.body.data.statement.total).toEqual({ created: 0, activated: 0, unpriced: 0, amountCents: 0, commissionCents: 0 });
    const pdf = await fetch(`${t.url}/api/partner/statement.pdf?month=2019-03`, { headers: { partner: admin } });
    expect((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text).toContain('No hay memoriales registrados en marzo del 2019.');
  });

  it('builds the PDFs of several partners asked at once, each whole and its own, with every Spanish letter (built off the event loop, decision 035)', async () => {
    const month = limaDate().slice(0, 7);
    const homes = [
      { name: 'Funeraria Ñaña Peña', adviser: 'Íñigo Ávila Muñoz', price: '321,45', amount: 'S/ 321.45' },
      { name: 'Camposanto Güemes «El Señor»', adviser: 'Begoña Núñez Ortíz', price: '654,30', amount: 'S/ 654.30' },
    ];
    const admins: string[] = [];
    for (const h of homes) {
      const made = await makePartner(t.db, { name: h.name });
      await sell(await partnerToken(t.db, await makePartnerUser(t.db, made.partner, { branchId: made.branch.id, name: h.adviser })), h.price);
      admins.push(await partnerToken(t.db, await makePartnerUser(t.db, made.partner, { role: 'admin' })));
    }
    // Each partner's file twice, all four asked before any is answered.
    const files = await Promise.all(
      [0, 1, 0, 1].map(async (i) => {
        const res = await fetch(`${t.url}/api/partner/statement.pdf?month=${month}`, { headers: { partner: admins[i] ?? '' } });
        expect(res.status).toBe(200);
        return { i, read: await pdfText(new Uint8Array(await res.arrayBuffer())) };
      }),
    );
    for (const { i, read } of files) {
      const own = homes[i];
      const other = homes[1 - i];
      const shown = plain(read.text);
      expect(read.pages).toBe(1);
      for (const expected of [own?.name, own?.adviser, own?.amount, `Estado de cuenta de ${monthInWords(month)}`, 'figuran «sin precio registrado»: cuentan como vendidas, sin monto ni comisión', 'Los activados son los que la familia activó hasta hoy', 'Página 1 de 1']) {
        expect(shown).toContain(expected);
      }
      expect(shown).not.toContain(other?.name);
      expect(shown).not.toContain(other?.adviser);
    }
  });

  it('is the back office’s too: an operator reads any partner’s month, the same figures and files; a partner’s staff cannot', async () => {
    const other = await makePartner(t.db, { name: 'Camposanto Los Olivos', commissionBp: 1000 });
    const adviser = await partnerToken(t.db, await makePartnerUser(t.db, other.partner, { branchId: other.branch.id, name: 'Rosa Vega' }));
    const admin = await partnerToken(t.db, await makePartnerUser(t.db, other.partner, { role: 'admin' }));
    await sell(adviser, '450,25');
    const operator = { headers: { operator: await operatorToken(t.db, await makeOperator(t.db)) } };
    const month = limaDate().slice(0, 7);

    const res = await t.get<{ statement: Statement }>(`/api/admin/partners/${other.partner.id}/statement?month=${month}`, operator);
    expect(res.status).toBe(200);
    // 10 % of S/ 450.25 is S/ 45.025: half up, S/ 45.03.
    expect(res.body.data.statement.rows).toEqual([{ branch: 'Sede Miraflores', seller: 'Rosa Vega', created: 1, activated: 0, unpriced: 0, amountCents: 45025, commissionCents: 4503 }]);
    expect(res.body.data.statement).toEqual((await t.get<{ statement: Statement }>(`/api/partner/statement?month=${month}`, asPartner(admin))).body.data.statement);

    const csv = await fetch(`${t.url}/api/admin/partners/${other.partner.id}/statement.csv?month=${month}`, operator);
    expect((await csv.text()).split('\r\n')[1]).toBe(`${month},Sede Miraflores,Rosa Vega,1,0,0,450.25,10,45.03`);
    const pdf = await fetch(`${t.url}/api/admin/partners/${other.partner.id}/statement.pdf?month=${month}`, operator);
    const shown = plain((await pdfText(new Uint8Array(await pdf.arrayBuffer()))).text);
    for (const expected of ['Camposanto Los Olivos', `RUC ${other.partner.ruc}`, 'Rosa Vega', 'S/ 450.25', 'S/ 45.03']) expect(shown).toContain(expected);

    const missing = await t.get(`/api/admin/partners/999999/statement?month=${month}`, operator);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('No encontramos ese socio');
    const badMonth = await t.get(`/api/admin/partners/${other.partner.id}/statement.pdf?month=2026-1`, operator);
    expect(badMonth.status).toBe(400);
    expect(badMonth.body.message).toBe('Elige el mes (aaaa-mm)');
    // A partner admin's session opens nothing under /api/admin, not even its own statement there.
    expect((await t.get(`/api/admin/partners/${other.partner.id}/statement?month=${month}`, asPartner(admin))).status).toBe(401);
    expect((await t.get(`/api/admin/partners/${other.partner.id}/statement?month=${month}`, { headers: { operator: admin } })).status).toBe(401);
  });
});
