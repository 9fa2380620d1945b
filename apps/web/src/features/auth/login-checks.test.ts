// The light login's checks answer as the shared loginSchema (the server's) does, message for message.
import { describe, expect, it } from 'vitest';
import { loginSchema } from '@recuerdos/shared/user-schemas';
import { checkLogin } from './login-checks';

const EMAILS = [
  '',
  '   ',
  'ana@mail.com',
  ' Ana@Mail.COM ',
  'ana@correo',
  'ana@correo.abcde',
  'ana.maria+memorial_1%x-y@sub.dominio.pe',
  'añá@mail.com',
  'ana@@mail.com',
  'ana mail@mail.com',
  `${'a'.repeat(240)}@mail.com`,
  `${'a'.repeat(250)}@mail.com`,
];
const PASSWORDS = ['', ' ', 'x', 'secreta', ' con espacios ', 'p'.repeat(128), 'p'.repeat(129)];

describe('checkLogin', () => {
  it.each(EMAILS.flatMap((email) => PASSWORDS.map((password) => [email, password] as const)))(
    'agrees with loginSchema for %j / %j',
    (email, password) => {
      const parsed = loginSchema.safeParse({ email, password });
      const { errors, request } = checkLogin({ email, password });
      if (parsed.success) {
        expect(errors).toEqual({});
        expect(request).toEqual(parsed.data);
      } else {
        expect(request).toBeNull();
        const expected: Record<string, string> = {};
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]);
          expected[field] ??= issue.message;
        }
        expect(errors).toEqual(expected);
      }
    },
  );
});
