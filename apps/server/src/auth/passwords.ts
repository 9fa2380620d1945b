// argon2id (m = 19 MiB, t = 2, p = 1: OWASP's minimum), via @node-rs/argon2 (the `argon2` package's
// binary crashes on Node 20 here). Its default algorithm is argon2id. Loaded at the first password,
// not with the server (issue 25 §2).
const argon2 = () => import('@node-rs/argon2');

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2().then(({ hash }) => hash(password, OPTIONS));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    const { verify } = await argon2();
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the same time as a real check, so an unknown e-mail is not told apart by timing. */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('recuerdos-dummy-password');
  await verifyPassword(await dummyHash, password);
  return false;
}
