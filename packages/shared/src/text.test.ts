import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cleanLine, cleanMultiline } from './text';
import { complaintSchema } from './complaint-schemas';
import { fullnameField, epitaphField } from './memorial-schemas';
import { accessCodeField } from './user-schemas';
import { eventFormSchema } from './remembrance';

describe('typed text (issue 12 §9)', () => {
  it('takes out bidi controls, NUL, C0/C1 controls, DEL and BOM; one-line text turns line breaks into spaces', () => {
    expect(cleanLine('Ana\u202Eatsiv\u202C\u0000\u0007\u007F\u0085\uFEFF Rojas')).toBe('Anaatsiv Rojas');
    expect(cleanLine('Ana\r\nRojas\tVega\u2028X')).toBe('Ana Rojas Vega X');
    expect(cleanLine('\u2066\u2067\u2068\u2069\u200E\u200F\u061C')).toBe('');
  });

  it('keeps line breaks in messages as \\n, and emoji joiners', () => {
    expect(cleanMultiline('uno\r\ndos\rtres\u2029cuatro\n')).toBe('uno\ndos\ntres\ncuatro\n');
    expect(cleanMultiline('familia 👨\u200D👩\u200D👧')).toBe('familia 👨\u200D👩\u200D👧');
  });

  it('NFC-normalises, so an accent typed either way is the same text', () => {
    expect(cleanLine('Jose\u0301')).toBe('José');
    expect(cleanLine('Jose\u0301')).toBe(cleanLine('José'));
  });

  it('is applied by the shared schemas the browser and the server both run', () => {
    expect(fullnameField.parse(' Rosa\u202E Mamani\u0000 ')).toBe('Rosa Mamani');
    expect(epitaphField.parse('Siempre\r\ncon nosotros\u202E')).toBe('Siempre\ncon nosotros');
    const ceremony = { kind: 'otro', date: '2030-03-14', place: 'Casa\r\nfamiliar\u202E' };
    expect(eventFormSchema.parse({ ...ceremony, title: 'Respon\u202Eso\r\nfinal\u0000' })).toMatchObject({ title: 'Responso final', place: 'Casa familiar' });
    expect(eventFormSchema.safeParse({ ...ceremony, title: '\u202E\u0000' }).success).toBe(false);
    expect(accessCodeField.parse('Jose\u0301 2024')).toBe(accessCodeField.parse('José2024'));
    const complaint = complaintSchema.parse({
      date: '01/02/2026', name: 'Ana\u0000', lastname: 'Q', email: 'a@b.pe', contract: 'C', document: '1', phone: '1', type: '1',
      detail: 'línea 1\r\nlínea 2\u202E', order: 'x',
    });
    expect(complaint.name).toBe('Ana');
    expect(complaint.detail).toBe('línea 1\nlínea 2');
  });

  it('builds every shared schema without zod\'s JIT (its eval probe trips the browser\'s CSP)', () => {
    expect(z.config().jitless).toBe(true);
  });
});
