// argon2id (m = 19 MiB, t = 2, p = 1: OWASP's minimum), via @node-rs/argon2 (the `argon2` package's
// binary crashes on Node 20 here). Its default algorithm is argon2id. Loaded at the first password,
// not with the server (issue 25 §2).
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const argon2 = () => import('@node-rs/argon2');

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2().then(({ hash }) => hash(password, OPTIONS));
}

/**
 * The same hash, computed by a short-lived node process, so that argon2 and what hashing leaves in
 * this process go with that one. For a start-up task that hashes once (the demo seed): the server
 * then starts without argon2 until a first password is checked (issue 25 §2).
 */
export async function hashPasswordApart(password: string): Promise<string> {
  const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const script = "require(process.argv[1]).hash(require('node:fs').readFileSync(0, 'utf8'), JSON.parse(process.argv[2])).then((h) => process.stdout.write(h))";
  const run = promisify(execFile)(process.execPath, ['-e', script, argon2Path, JSON.stringify(OPTIONS)]);
  run.child.stdin?.end(password);
  const { stdout } = await run;
  if (!stdout.startsWith('$argon2id$')) throw new Error(`The password hash process printed no hash: ${stdout.slice(0, 80)}`);
  return stdout;
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
