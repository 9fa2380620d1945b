// The operator CLI run for real, as a child process (compiled once per test run as apps/server/dist is:
// apps/server/test/compiled-server.ts),
// with DATA_DIR / DATABASE_URL / SMTP_URL pointing at a test server's database and SMTP capture.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Disclaimer, LoginData } from '@recuerdos/shared/api-types';
import { startTestServer, type TestServer } from '../../test/helper';
import { makeAccount, makeOwner } from '../../test/factories';
import { file, pictureBytes } from '../../test/media-fixtures';
import { findLink } from '../../test/smtp-capture';
import { createUserSession } from '../auth/sessions';
import { BACKUP_TABLES } from '../backup/backup-archive';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ADMIN = inject('compiledServer').admin;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function databaseUrl(server: TestServer): string {
  const db = server.config.database;
  return db.kind === 'sqlite' ? `sqlite:${db.file}` : db.url;
}

function runAdmin(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [ADMIN, ...args],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
        maxBuffer: 10 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

let t: TestServer;
let dataDir: string;
let admin: (args: string[], extraEnv?: Record<string, string>) => Promise<Run>;
/** How far the server's clock runs ahead of the wall clock (the outbox's retry pauses). */
let clockShiftMs = 0;

beforeAll(async () => {
  t = await startTestServer({ now: () => new Date(Date.now() + clockShiftMs) });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-cli-'));
  admin = (args, extraEnv = {}) =>
    runAdmin(args, {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(t),
      SMTP_URL: t.smtp.url,
      PUBLIC_URL: 'http://recuerdos.test',
      ...extraEnv,
    });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('usage', () => {
  it('--help lists every command; a command --help shows its options; both exit 0', async () => {
    const help = await admin(['--help']);
    expect(help.code).toBe(0);
    for (const name of ['create-contract', 'list-contracts', 'add-disclaimer', 'backup']) expect(help.stdout).toContain(name);
    const create = await admin(['create-contract', '--help']);
    expect(create.code).toBe(0);
    expect(create.stdout).toContain('--email E --name N --lastname L --person "Full name" [--password P]');
  });

  it('exits 2 with a message for no command, an unknown command, an unknown flag or a missing flag', async () => {
    expect((await admin([])).code).toBe(2);
    const unknown = await admin(['make-coffee']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command "make-coffee"');
    const flag = await admin(['list-contracts', '--colour']);
    expect(flag.code).toBe(2);
    const missing = await admin(['create-contract', '--email', 'ana@ejemplo.pe', '--name', 'Ana', '--lastname', 'Q']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--person is required');
    const badEmail = await admin(['create-contract', '--email', 'ana@', '--name', 'A', '--lastname', 'Q', '--person', 'P']);
    expect(badEmail.code).toBe(2);
    const contracts = await t.db.selectFrom('contracts').select('id').execute();
    expect(contracts).toEqual([]);
  });
});

describe('create-contract', () => {
  it('--json prints exactly one JSON line; the e-mailed link activates the contract', async () => {
    const run = await admin([
      'create-contract',
      '--email',
      'Carmen.Rojas@Ejemplo.pe',
      '--name',
      'Carmen',
      '--lastname',
      'Rojas',
      '--person',
      'Pedro Rojas Cárdenas',
      '--json',
    ]);
    expect(run.stderr).not.toContain('error');
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(run.stdout.endsWith('\n')).toBe(true);
    const out = JSON.parse(lines[0] ?? '') as Record<string, string>;
    expect(Object.keys(out)).toEqual(['contract', 'identifier', 'email', 'activationUrl']);
    expect(out.email).toBe('carmen.rojas@ejemplo.pe');
    expect(out.contract).toMatch(/^REC-\d{4}-\d{5}$/);
    expect(out.identifier).toMatch(/^[A-Za-z0-9]{10}$/);
    const url = new URL(out.activationUrl ?? '');
    expect(`${url.origin}${url.pathname}`).toBe('http://recuerdos.test/activate-account');
    expect(url.searchParams.get('contract')).toBe(out.contract);
    const token = url.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(22);

    const row = await t.db
      .selectFrom('contracts')
      .innerJoin('memorials', 'memorials.id', 'contracts.memorialId')
      .innerJoin('accounts', 'accounts.id', 'contracts.accountId')
      .select(['contracts.state', 'memorials.identifier', 'memorials.fullname', 'accounts.email', 'accounts.passwordHash'])
      .where('contracts.number', '=', out.contract ?? '')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      state: 'pending',
      identifier: out.identifier,
      fullname: 'Pedro Rojas Cárdenas',
      email: 'carmen.rojas@ejemplo.pe',
      passwordHash: null,
    });

    const mail = await t.mail((m) => m.to.includes('carmen.rojas@ejemplo.pe'));
    expect(mail.subject).toBe('Activa tu contrato de Recuerdos');
    expect(findLink(mail.text, 'http://recuerdos.test/activate-account?')).toBe(out.activationUrl);

    const activation = await t.post('/api/contract/activate', { contract: out.contract ?? '', token });
    expect(activation.status).toBe(200);
  });

  it('--password lets the account log in at once; a second contract adds a memorial to it', async () => {
    const base = ['--email', 'luis@ejemplo.pe', '--name', 'Luis', '--lastname', 'Paredes'];
    const first = await admin(['create-contract', ...base, '--person', 'Elena Paredes', '--password', 'clave-123', '--json']);
    expect(first.code).toBe(0);
    const login = await t.post<LoginData>('/api/user/login', { email: 'luis@ejemplo.pe', password: 'clave-123' });
    expect(login.status).toBe(200);
    const firstOut = JSON.parse(first.stdout) as { identifier: string };
    expect(login.body.data.user.identifier).toBe(firstOut.identifier);

    const second = await admin(['create-contract', ...base, '--person', 'Mario Paredes']);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('existing account');
    expect(second.stdout).toContain('Activation e-mail sent to luis@ejemplo.pe.');
    const memorials = await t.db
      .selectFrom('memorials')
      .innerJoin('accounts', 'accounts.id', 'memorials.accountId')
      .select('memorials.fullname')
      .where('accounts.email', '=', 'luis@ejemplo.pe')
      .orderBy('memorials.id')
      .execute();
    expect(memorials.map((m) => m.fullname)).toEqual(['Elena Paredes', 'Mario Paredes']);
    // The password given the first time still works.
    expect((await t.post('/api/user/login', { email: 'luis@ejemplo.pe', password: 'clave-123' })).status).toBe(200);

    const list = await admin(['list-contracts', '--email', 'luis@ejemplo.pe', '--json']);
    expect(list.code).toBe(0);
    const rows = JSON.parse(list.stdout) as { fullname: string; state: string }[];
    expect(rows.map((r) => [r.fullname, r.state])).toEqual([
      ['Elena Paredes', 'pending'],
      ['Mario Paredes', 'pending'],
    ]);
  });

  it('queues the activation e-mail SMTP refuses (451) and exits 0; the outbox delivers it once, when SMTP is back', async () => {
    const email = 'sin-correo@ejemplo.pe';
    t.smtp.refusing = true;
    let run: Run;
    try {
      run = await admin(['create-contract', '--email', email, '--name', 'A', '--lastname', 'B', '--person', 'C D', '--json']);
    } finally {
      t.smtp.refusing = false;
    }
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`Activation e-mail to ${email} queued`);
    const out = JSON.parse(run.stdout) as { contract: string; activationUrl: string };
    expect(out.contract).toMatch(/^REC-/);
    expect(t.smtp.to(email)).toEqual([]);

    // The server's outbox delivery after the first retry pause (its clock moved past it, not waited for).
    clockShiftMs = 60_000;
    try {
      await t.mailsSent();
    } finally {
      clockShiftMs = 0;
    }
    await t.mailsSent();
    const mails = t.smtp.to(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Activa tu contrato de Recuerdos');
    expect(findLink(mails[0]?.text ?? '', 'http://recuerdos.test/activate-account?')).toBe(out.activationUrl);
  });
});

describe('disclaimers and passwords', () => {
  it('add-disclaimer shows a banner to the owner; remove-disclaimer takes it away', async () => {
    const owner = await makeOwner(t.db);
    const added = await admin([
      'add-disclaimer',
      '--identifier',
      owner.memorial.identifier,
      '--type',
      'R',
      '--title',
      'Pago pendiente',
      '--descr',
      'Tu cuota de noviembre está pendiente.',
    ]);
    expect(added.code).toBe(0);
    const id = /#(\d+)/.exec(added.stdout)?.[1] ?? '';
    const read = () =>
      t.get<{ disclaimers: Disclaimer[] }>(`/api/contract/get-disclaimers?identifier=${owner.memorial.identifier}`, {
        token: owner.token,
      });
    expect((await read()).body.data.disclaimers).toEqual([
      { type: 'R', title: 'Pago pendiente', descr: 'Tu cuota de noviembre está pendiente.' },
    ]);
    expect((await admin(['remove-disclaimer', '--id', id])).code).toBe(0);
    expect((await read()).body.data.disclaimers).toEqual([]);
  });

  it('add-disclaimer refuses a bad type (2) and an unknown memorial (1)', async () => {
    const owner = await makeOwner(t.db);
    const args = ['--title', 'T', '--descr', 'D'];
    expect((await admin(['add-disclaimer', '--identifier', owner.memorial.identifier, '--type', 'X', ...args])).code).toBe(2);
    const unknown = await admin(['add-disclaimer', '--identifier', 'NoExiste99', '--type', 'W', ...args]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no memorial with identifier "NoExiste99"');
  });

  it('set-password prints a new password that works and ends the sessions', async () => {
    const account = await makeAccount(t.db);
    const session = await createUserSession(t.db, account.id, null);
    const run = await admin(['set-password', '--email', account.email]);
    expect(run.code).toBe(0);
    const password = /password\s+(\S+)/.exec(run.stdout)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(12);
    expect((await t.post('/api/user/login', { email: account.email, password })).status).toBe(200);
    expect((await t.post('/api/user/renew-token', {}, { token: session })).status).toBe(401);
  });

  it('create-operator prints a set-password link that works once; --json prints one line', async () => {
    const run = await admin(['create-operator', '--email', 'Lucia@Recuerdos.pe', '--name', 'Lucía Torres']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Operator lucia@recuerdos.pe (Lucía Torres) created.');
    const link = findLink(run.stdout, 'http://recuerdos.test/admin/set-password?token=');
    const token = new URL(link).searchParams.get('token') ?? '';
    expect((await t.post('/api/admin/auth/set-password', { token, password: 'una-clave-muy-larga' })).status).toBe(200);
    expect((await t.post('/api/admin/auth/login', { email: 'lucia@recuerdos.pe', password: 'una-clave-muy-larga' })).status).toBe(200);
    const json = await admin(['create-operator', '--email', 'lucia@recuerdos.pe', '--name', 'x', '--json']);
    const lines = json.stdout.split('\n').filter((l) => l !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ email: 'lucia@recuerdos.pe', created: false });
    expect((await admin(['create-operator', '--email', 'no-es-correo', '--name', 'x'])).code).toBe(2);
  });
});

describe('backup and restore', () => {
  it('as real processes: the archive of a live installation restores into an empty SQLite with its own media folder', async () => {
    const owner = await makeOwner(t.db);
    const saved = await t.post('/api/content/save-admin-message', { identifier: owner.memorial.identifier, message: 'Siempre', postPicture: file(await pictureBytes(), 'a.jpg', 'image/jpeg') }, { token: owner.token });
    expect(saved.status).toBe(200);
    const archive = path.join(dataDir, 'backups', 'todo.zip');
    const media = t.s3 ? t.s3.env : { MEDIA_DIR: t.config.mediaDir };
    // The installation's key signs the archive; the new installation is given the same one.
    const BACKUP_KEY = 'clave-de-respaldo-de-la-instalacion-0123456789';
    const backup = await admin(['backup', '--to', archive], { ...media, BACKUP_KEY });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*todo\.zip .*: \d+ tables, \d+ rows, \d+ media objects .*, with checksums, signed with BACKUP_KEY\.\n$/);
    expect(Number(/: (\d+) tables/.exec(backup.stdout)?.[1])).toBe(BACKUP_TABLES.length);

    const targetDir = await fs.mkdtemp(path.join(os.tmpdir(), 'recuerdos-restored-'));
    try {
      const target = { DATA_DIR: targetDir, DATABASE_URL: `sqlite:${path.join(targetDir, 'restored.db')}`, MEDIA_DIR: path.join(targetDir, 'media'), BACKUP_KEY };
      const restore = await runAdmin(['restore', '--from', archive], target);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('signature and checksums verified');
      const copy = new SQLite(path.join(targetDir, 'restored.db'), { readonly: true, fileMustExist: true });
      try {
        const row = copy.prepare('select text, media_key from posts where memorial_id = ?').get(owner.memorial.id) as { text: string; media_key: string };
        expect(row.text).toBe('Siempre');
        expect(await fs.readdir(path.join(targetDir, 'media'))).toContain(`${row.media_key}.jpg`);
      } finally {
        copy.close();
      }
      // A second restore onto it is refused: exit 1, one line.
      const again = await runAdmin(['restore', '--from', archive], target);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/the target is not empty/);
      // Wrong usage: exit 2.
      expect((await runAdmin(['restore'], target)).code).toBe(2);
    } finally {
      await fs.rm(targetDir, { recursive: true, force: true });
    }
  });
});

describe('list-complaints', () => {
  it('lists each complaint filed through the API with its number and answer due date', async () => {
    const filed = await t.post<{ number: string }>('/api/internal/complaints', {
      date: '20/11/2026',
      name: 'Lucía',
      lastname: 'Torres Vega',
      email: 'lucia@ejemplo.pe',
      contract: 'REC-2026-00001',
      document: '45678912',
      phone: '987654321',
      type: '2',
      detail: 'El código QR de la lápida no abre el memorial.',
      order: 'Que se revise el enlace.',
    });
    expect(filed.status).toBe(200);
    const number = filed.body.data.number;

    const json = await admin(['list-complaints', '--json']);
    expect(json.code).toBe(0);
    const rows = JSON.parse(json.stdout) as { number: string; email: string; dueOn: string; type: string; createdAt: string }[];
    const row = rows.find((r) => r.number === number);
    expect(row).toMatchObject({ email: 'lucia@ejemplo.pe', type: '2' });
    expect(row?.dueOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(row && row.dueOn > row.createdAt.slice(0, 10)).toBe(true);

    const table = await admin(['list-complaints']);
    expect(table.code).toBe(0);
    const line = table.stdout.split('\n').find((l) => l.startsWith(number));
    expect(line).toContain('Queja');
    expect(line).toContain('Lucía Torres Vega');
    const [y, m, d] = (row?.dueOn ?? '').split('-');
    expect(line).toContain(`${d}/${m}/${y}`);
  });
});
