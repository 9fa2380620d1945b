import { describe, expect, it } from 'vitest';
import { mailboxOf } from './email';

describe('the inbox an address reaches (limits against mailing one person too often)', () => {
  it('drops a +tag, and at Gmail the dots and the googlemail.com name', () => {
    expect(mailboxOf('Ana+1@Example.pe')).toBe('ana@example.pe');
    expect(mailboxOf('ana+a+b@example.pe')).toBe('ana@example.pe');
    expect(mailboxOf('a.n.a+x@googlemail.com')).toBe('ana@gmail.com');
    expect(mailboxOf('A.na@gmail.com')).toBe('ana@gmail.com');
  });

  it('keeps the dots elsewhere, where they name another inbox', () => {
    expect(mailboxOf('a.na@example.pe')).toBe('a.na@example.pe');
    expect(mailboxOf('ana@mail.gmail.com')).toBe('ana@mail.gmail.com');
  });
});
