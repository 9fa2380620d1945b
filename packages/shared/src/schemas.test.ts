// Each Spanish message of spec §5 comes from the shared schemas, for the browser and the server.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { changePasswordFormSchema, forgotPasswordSchema, guestLoginSchema, loginSchema, newPasswordFormSchema } from './user-schemas';
import { editDataFormSchema, updateAccessCodeSchema, updateBasicDataSchema } from './memorial-schemas';
import { guestPostFormSchema, adminPostFormSchema, updateCardsOrderSchema, videoProblem, pictureProblem } from './post-schemas';
import { complaintSchema } from './complaint-schemas';
import { EMPTY_COMPLAINT_MESSAGES, EMPTY_EDIT_DATA_MESSAGES } from './testing/spec-messages';

function messages(schema: z.ZodType, input: unknown): string[] {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

describe('login', () => {
  it('requires e-mail and password, and checks the e-mail pattern', () => {
    expect(messages(loginSchema, {})).toEqual(['Ingresa tu correo electrónico', 'Ingresa tu contraseña']);
    expect(messages(loginSchema, { email: '  ', password: '' })).toEqual(['Ingresa tu correo electrónico', 'Ingresa tu contraseña']);
    expect(messages(loginSchema, { email: 'ana@', password: 'x' })).toEqual(['Correo electrónico inválido']);
    expect(messages(loginSchema, { email: 'ana@mail.abcde', password: 'x' })).toEqual(['Correo electrónico inválido']);
  });
  it('accepts an address typed with capitals, normalised to lowercase', () => {
    expect(loginSchema.parse({ email: ' Ana.Perez@Mail.com ', password: 'x' }).email).toBe('ana.perez@mail.com');
  });
});

describe('password forms', () => {
  it('change password', () => {
    expect(messages(changePasswordFormSchema, { currentPassword: '', newPassword: '', repeatPassword: '' })).toEqual([
      'Ingresa tu contraseña actual',
      'Ingresa tu contraseña nueva',
      'Repite tu contraseña nueva',
    ]);
    expect(messages(changePasswordFormSchema, { currentPassword: 'a', newPassword: '12345', repeatPassword: '12345' })).toEqual([
      'La contraseña debe tener al menos 6 caracteres',
    ]);
    expect(messages(changePasswordFormSchema, { currentPassword: 'a', newPassword: '123456', repeatPassword: '123457' })).toEqual([
      'Las contraseñas no coinciden',
    ]);
  });
  it("new password page, with the spec's spelling", () => {
    expect(messages(newPasswordFormSchema, { password: '', confirmPassword: '' })).toEqual([
      'Ingresa tu nueva contraseña',
      'Confirma tu nueva contraseña',
    ]);
    expect(messages(newPasswordFormSchema, { password: '123456', confirmPassword: '654321' })).toEqual([
      'Las contraseñas con coinciden',
    ]);
  });
  it('forgot password allows at most 60 characters', () => {
    expect(messages(forgotPasswordSchema, { email: `${'a'.repeat(50)}@mail.com` })).toEqual([]);
    expect(messages(forgotPasswordSchema, { email: `${'a'.repeat(52)}@mail.com` })).toEqual([
      'El correo electrónico puede tener como máximo 60 caracteres',
    ]);
  });
});

describe('access code', () => {
  it('is required, at most 15 characters, without whitespace', () => {
    expect(messages(guestLoginSchema, { accessCode: '', identifier: 'x' })).toEqual(['Ingresa el código de acceso']);
    expect(guestLoginSchema.parse({ accessCode: ' ab c ', identifier: 'x' }).accessCode).toBe('abc');
    expect(messages(updateAccessCodeSchema, { identifier: 'x', code: 'a'.repeat(16) })).toEqual([
      'El código de acceso puede tener como máximo 15 caracteres',
    ]);
    expect(updateAccessCodeSchema.parse({ identifier: 'x', code: 'a b\tc' }).code).toBe('abc');
  });
});

describe('guest modal and add-post dialog', () => {
  it('requires a name and a message for the message type', () => {
    expect(messages(guestPostFormSchema('message'), { fullname: ' ', email: '', message: '  ' })).toEqual([
      'Ingresa tu nombre',
      'Ingresa tu mensaje',
    ]);
    expect(messages(guestPostFormSchema('picture'), { fullname: 'Ana', email: '', message: '' })).toEqual([]);
    expect(messages(guestPostFormSchema('message'), { fullname: 'a'.repeat(61), email: 'x@y', message: 'a'.repeat(501) })).toEqual([
      'Tu nombre puede tener como máximo 60 caracteres',
      'Correo electrónico inválido',
      'El mensaje puede tener como máximo 500 caracteres',
    ]);
    expect(messages(adminPostFormSchema('message'), { message: '   ' })).toEqual(['Ingresa tu mensaje']);
  });
  it('checks chosen files', () => {
    expect(pictureProblem(null)).toBe('Selecciona una foto');
    expect(pictureProblem({ type: 'image/gif', name: 'a.gif' })).toBe('La foto debe ser una imagen PNG o JPG');
    expect(pictureProblem({ type: 'image/jpeg', name: 'a.jpg' })).toBeNull();
    expect(videoProblem(null)).toBe('Selecciona un video');
    expect(videoProblem({ type: 'video/mp4', name: 'a.mp4', size: 50 * 1024 * 1024 + 1 })).toBe('El video seleccionado excede los 50 MB');
    expect(videoProblem({ type: 'video/mp4', name: 'a.mp4', size: 50 * 1024 * 1024 })).toBeNull();
    // What phones record (issue 26): by type, or by name when the browser names no type it knows.
    expect(videoProblem({ type: 'video/quicktime', name: 'IMG_0001.MOV', size: 1000 })).toBeNull();
    expect(videoProblem({ type: '', name: 'VID0001.3gp', size: 1000 })).toBeNull();
    expect(videoProblem({ type: 'video/webm', name: 'v.webm', size: 1000 })).toBeNull();
    expect(videoProblem({ type: 'image/jpeg', name: 'foto.jpg', size: 1000 })).toBe('El archivo no es un video que podamos leer (MP4, MOV, 3GP o WebM)');
    // The owner's resumable upload: up to 1 GB.
    expect(videoProblem({ type: 'video/quicktime', name: 'IMG_0002.MOV', size: 130 * 1024 * 1024 }, 1024 * 1024 * 1024)).toBeNull();
    expect(videoProblem({ type: 'video/quicktime', name: 'IMG_0002.MOV', size: 1024 * 1024 * 1024 + 1 }, 1024 * 1024 * 1024)).toBe('El video seleccionado excede 1 GB');
  });
});

describe('edit data', () => {
  const valid = {
    name: 'Rosa',
    birthYear: '1940',
    birthMonth: '2',
    birthDay: '29',
    deathYear: '2020',
    deathMonth: '5',
    deathDay: '1',
    epitaph: 'Siempre',
    place: 'Lima',
  };
  it('has a message for each field', () => {
    expect(messages(editDataFormSchema, {})).toEqual(EMPTY_EDIT_DATA_MESSAGES);
  });
  it('refuses an impossible date and a death before the birth', () => {
    expect(messages(editDataFormSchema, valid)).toEqual([]);
    expect(messages(editDataFormSchema, { ...valid, birthYear: '1941' })).toEqual(['Ingresa una fecha de nacimiento válida']);
    expect(messages(editDataFormSchema, { ...valid, deathYear: '1930' })).toEqual([
      'La fecha de partida no puede ser anterior a la de nacimiento',
    ]);
  });
  it('validates the server request the same way', () => {
    const request = { identifier: 'x', fullname: 'Rosa', birthdate: '2023-02-30', deathdate: '2024-01-01', location: 'Lima', description: 'Siempre' };
    expect(messages(updateBasicDataSchema, request)).toEqual(['Ingresa una fecha de nacimiento válida']);
    expect(messages(updateBasicDataSchema, { ...request, birthdate: '2024-02-01' })).toEqual([
      'La fecha de partida no puede ser anterior a la de nacimiento',
    ]);
    expect(messages(updateBasicDataSchema, { ...request, birthdate: '2020-01-01', location: 'a'.repeat(101) })).toEqual([
      'La ubicación puede tener como máximo 100 caracteres',
    ]);
  });
});

describe('cards order', () => {
  it('accepts a JSON string, an array, or bracket-form objects; empty is an empty list', () => {
    const cards = [{ reg: 'a', place: 2 }, { reg: 'b', place: 1 }];
    expect(updateCardsOrderSchema.parse({ identifier: 'x', cards: JSON.stringify(cards) }).cards).toEqual(cards);
    expect(updateCardsOrderSchema.parse({ identifier: 'x', cards: { 0: { reg: 'a', place: '2' }, 1: { reg: 'b', place: '1' } } }).cards).toEqual(cards);
    expect(updateCardsOrderSchema.parse({ identifier: 'x' }).cards).toEqual([]);
    expect(messages(updateCardsOrderSchema, { identifier: 'x', cards: '{oops' })).toEqual(['El orden de las publicaciones no es válido']);
  });
});

describe('complaints', () => {
  it('has the spec message for every missing field', () => {
    expect(messages(complaintSchema, {})).toEqual(EMPTY_COMPLAINT_MESSAGES);
  });
});
