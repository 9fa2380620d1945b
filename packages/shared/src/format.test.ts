import { describe, expect, it } from 'vitest';
import { capCount, isVideoPath, postDate, profileDate, slashDate, wholeNumber } from './format';
import { pictureSrcSet } from './media';

describe('profileDate', () => {
  it("gives the year and 'DD de Mon' with the spec's abbreviations", () => {
    expect(profileDate('1950-09-05')).toEqual({ year: '1950', dayMonth: '05 de Set' });
    expect(profileDate('2024-01-31T10:00:00')).toEqual({ year: '2024', dayMonth: '31 de Ene' });
    expect(profileDate('2001-12-01')?.dayMonth).toBe('01 de Dic');
  });
  it('uses every month abbreviation of spec §2', () => {
    const months = Array.from({ length: 12 }, (_, i) => profileDate(`2000-${String(i + 1).padStart(2, '0')}-10`)?.dayMonth.slice(6));
    expect(months).toEqual(['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Set', 'Oct', 'Nov', 'Dic']);
  });
  it('returns null for missing or broken text', () => {
    expect(profileDate(null)).toBeNull();
    expect(profileDate('')).toBeNull();
    expect(profileDate('ayer')).toBeNull();
    expect(profileDate('2000-13-01')).toBeNull();
  });
});

describe('postDate', () => {
  it("formats 'day de month-name del year'", () => {
    expect(postDate('2026-11-22 10:15:30.123')).toBe('22 de noviembre del 2026');
    expect(postDate('2026-09-05')).toBe('5 de setiembre del 2026');
  });
  it('is empty for unparseable text', () => {
    expect(postDate(undefined)).toBe('');
    expect(postDate('x')).toBe('');
  });
});

describe('wholeNumber', () => {
  it("writes a count as Intl.NumberFormat('es-PE') does, without building one", () => {
    const intl = new Intl.NumberFormat('es-PE');
    for (const value of [0, 7, 42, 999, 1000, 1234, 9999, 10000, 65432, 100000, 999999, 1000000, 1234567, 98765432, -1, -1234, -1234567]) {
      expect(wholeNumber(value), String(value)).toBe(intl.format(value));
    }
    expect(wholeNumber(1234.6)).toBe('1,235');
    expect(wholeNumber(-0.2)).toBe('0');
  });
});

describe('capCount', () => {
  it("caps at '+99' by default and at other caps for badges", () => {
    expect(capCount(0)).toBe('0');
    expect(capCount(99)).toBe('99');
    expect(capCount(100)).toBe('+99');
    expect(capCount(9, 9)).toBe('9');
    expect(capCount(10, 9)).toBe('+9');
  });
});

describe('small helpers', () => {
  it('formats dd/mm/yyyy and recognises videos by .mp4', () => {
    expect(slashDate('2026-03-07')).toBe('07/03/2026');
    expect(isVideoPath('/media/a/b.mp4')).toBe(true);
    expect(isVideoPath('/media/a/b.MP4?x=1')).toBe(true);
    expect(isVideoPath('/media/a/b.jpg')).toBe(false);
    expect(isVideoPath('')).toBe(false);
  });
  it('builds srcset only for stored pictures', () => {
    expect(pictureSrcSet('/media/p/abc.jpg', 'post')).toBe(
      '/media/p/abc-240.webp 240w, /media/p/abc-480.webp 480w, /media/p/abc-800.webp 800w',
    );
    expect(pictureSrcSet('/media/p/abc.mp4', 'post')).toBe('');
    expect(pictureSrcSet('https://evil.example/x.jpg', 'profile')).toBe('');
  });
});
