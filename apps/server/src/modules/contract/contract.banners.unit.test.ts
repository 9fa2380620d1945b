// The banners a contract's state calls for (issue 2 §7): pending, near expiry (30 days), expired.
import { describe, expect, it } from 'vitest';
import { EXPIRY_NOTICE_DAYS, contractBanners, nextContractNumber } from './contract.service';

const contact = { phone: '+51 999 888 777', email: 'contacto@recuerdos.pe' };
const today = '2026-11-22';
const banners = (state: 'pending' | 'active' | 'expired', expiresOn: string | null) =>
  contractBanners({ number: 'REC-2026-00007', state, expiresOn }, today, contact);

describe('contractBanners', () => {
  it('shows nothing without a contract, or for an active one far from its end', () => {
    expect(contractBanners(null, today, contact)).toEqual([]);
    expect(banners('active', null)).toEqual([]);
    expect(banners('active', '2026-12-23')).toEqual([]);
  });

  it(`warns from ${EXPIRY_NOTICE_DAYS} days before the last day, that day included`, () => {
    expect(banners('active', '2026-12-22')).toEqual([
      {
        type: 'W',
        title: 'Tu servicio está por vencer',
        descr:
          'Tu contrato N.° REC-2026-00007 vence en 30 días, el 22 de diciembre del 2026. Comunícate con nosotros al +51 999 888 777 o a contacto@recuerdos.pe para renovarlo.',
      },
    ]);
    expect(banners('active', '2026-11-23')[0]?.descr).toContain('vence mañana, 23 de noviembre del 2026');
    expect(banners('active', today)[0]?.descr).toContain('vence hoy, 22 de noviembre del 2026');
  });

  it('shows an error banner once the last day has passed or the contract is marked expired', () => {
    expect(banners('active', '2026-11-21')).toEqual([
      {
        type: 'R',
        title: 'Tu servicio ha vencido',
        descr:
          'Tu contrato N.° REC-2026-00007 venció el 21 de noviembre del 2026. Comunícate con nosotros al +51 999 888 777 o a contacto@recuerdos.pe para renovarlo.',
      },
    ]);
    expect(banners('expired', null)[0]).toMatchObject({ type: 'R', title: 'Tu servicio ha vencido' });
  });

  it('asks to activate a pending contract', () => {
    expect(banners('pending', null)).toEqual([
      {
        type: 'W',
        title: 'Activa tu contrato',
        descr:
          'Tu contrato N.° REC-2026-00007 aún no está activado. Abre el enlace que te enviamos por correo electrónico para activarlo; si no lo encuentras, revisa la carpeta de spam o escríbenos a contacto@recuerdos.pe.',
      },
    ]);
  });
});

describe('nextContractNumber', () => {
  it('counts per year, zero-padded', () => {
    expect(nextContractNumber(null, '2026')).toBe('REC-2026-00001');
    expect(nextContractNumber('REC-2026-00041', '2026')).toBe('REC-2026-00042');
  });
});
