// Issue 14 §7: every API file of the web client has one shape. It exports its request function(s)
// and a hook; a read also exports its query options (TanStack Query's queryOptions, keys from a key
// factory), which its hook uses; a mutation's hook owns the cache change it causes (the components
// may not touch the cache: see the lint rule in eslint.config.js).
import { describe, expect, it } from 'vitest';

// import.meta.glob takes literal patterns only: the two lists below are the same. The guest bundle's
// API files (guest-memorial) are Preact's, without TanStack Query; tests beside an API file are not one.
const modules = import.meta.glob<Record<string, unknown>>(['../features/*/api/*.ts', '../lib/account/get-*.ts', '!../features/guest-memorial/**', '!**/*.test.ts'], { eager: true });
const sources = import.meta.glob<string>(['../features/*/api/*.ts', '../lib/account/get-*.ts', '!../features/guest-memorial/**', '!**/*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

/** Files that keep another shape, and why. */
const EXEMPT: Record<string, string> = {
  // Runs in the light /login island, which holds no query library (docs/decisions/015).
  '../features/auth/api/login.ts': 'no TanStack Query in the login island',
};

/** A query options factory: `postsQueryOptions(...)`. */
const isOptionsFactory = (name: string) => /^[a-z]\w*QueryOptions$/.test(name);

const functionsOf = (mod: Record<string, unknown>) => Object.entries(mod).filter(([, value]) => typeof value === 'function').map(([name]) => name);

describe('the web API files', () => {
  it('are found', () => {
    expect(Object.keys(modules).length).toBeGreaterThanOrEqual(25);
  });

  for (const [path, mod] of Object.entries(modules)) {
    if (path in EXEMPT) continue;
    const source = sources[path] ?? '';
    const functions = functionsOf(mod);

    describe(path.replace('../', ''), () => {
      it('exports a request function and a hook', () => {
        expect(functions.filter((name) => !name.startsWith('use') && !isOptionsFactory(name))).not.toEqual([]);
        expect(functions.filter((name) => /^use[A-Z]/.test(name))).not.toEqual([]);
      });

      it('reads through its query options, keyed by a key factory', () => {
        const reads = [...source.matchAll(/\buseQuery\(([^)]*)\)/g)].map((match) => match[1] ?? '');
        for (const argument of reads) expect(argument).toMatch(/^\w+Query(Options)?\(/);
        if (reads.length > 0) expect(functions.some(isOptionsFactory)).toBe(true);
        if (source.includes('queryKey')) {
          expect(source).not.toMatch(/queryKey: \[/);
          expect(source).toMatch(/\b(accountKeys|adminKeys|partnerKeys)\./);
        }
      });
    });
  }
});
