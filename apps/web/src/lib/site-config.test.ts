import { describe, expect, it } from 'vitest';
import { guestPath, parseSiteConfig, readSiteConfig, telHref, whatsappUrl } from './site-config';

describe('site config', () => {
  it('is read from the JSON block the server puts in index.html', () => {
    const doc = document.implementation.createHTMLDocument('x');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = 'site-config';
    block.textContent = JSON.stringify({
      publicUrl: 'https://recuerdos.pe/',
      demoIdentifier: 'demo1',
      contact: { phone: '+51 1 234 5678', email: 'hola@recuerdos.pe', whatsapp: '+51 999 111 222', facebookUrl: 'https://f', instagramUrl: 'https://i', tiktokUrl: 'https://t' },
      legal: { name: 'Recuerdos S.A.C.', ruc: '20123456789', address: 'Lima' },
    });
    doc.head.appendChild(block);
    const config = readSiteConfig(doc);
    expect(config.publicUrl).toBe('https://recuerdos.pe');
    expect(config.demoIdentifier).toBe('demo1');
    expect(config.contact.whatsapp).toBe('51999111222');
    expect(config.legal.ruc).toBe('20123456789');
  });

  it('falls back to placeholders when the block is missing or broken', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(readSiteConfig(doc).demoIdentifier).toBeNull();
    expect(parseSiteConfig({ demoIdentifier: '' }).demoIdentifier).toBeNull();
    expect(parseSiteConfig('nope').contact.email).toBe('contacto@recuerdos.pe');
  });

  it('builds the WhatsApp, guest and phone links', () => {
    expect(whatsappUrl('51999888777')).toBe(
      'https://wa.me/51999888777?text=Hola%2C%20quisiera%20informaci%C3%B3n%20sobre%20los%20memoriales%20de%20Recuerdos.',
    );
    expect(guestPath('a b')).toBe('/guest?id=a%20b');
    expect(telHref('+51 999 888 777')).toBe('tel:+51999888777');
  });
});
