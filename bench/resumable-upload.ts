// Issue 13 §4: a 50 MB video over a throttled connection that drops partway, sent (a) resumably
// over tus (/api/uploads, 5 MiB PATCH requests as the browser client sends them; after the drop,
// HEAD and go on from the server's offset) against (b) the spec's multipart call started again
// from zero. The connection is a proxy in this process that paces what the client sends and cuts
// every connection once a given share of the video has gone through. Prints bytes sent and
// seconds until the memory is saved; nothing passes or fails on time.
//   npm run bench -- resumable-upload
//   BENCH_UPLOAD_KBPS=1024 BENCH_CUT_AT=0.8 npm run bench -- resumable-upload
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { makeOwner } from '../apps/server/test/factories';
import { mp4Bytes } from '../apps/server/test/media-fixtures';

const MB = 1024 * 1024;
const VIDEO_BYTES = Number(process.env.BENCH_VIDEO_MB ?? 50) * MB;
const RATE = Number(process.env.BENCH_UPLOAD_KBPS ?? 2048) * 1024;
const CUT_AT = Number(process.env.BENCH_CUT_AT ?? 0.6);
const PATCH_BYTES = 5 * MB;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-bench-resumable-'));
// S3_* in the environment runs it against a bucket instead of the disk.
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
const { app, ctx } = await buildApp({ config, logger: false, apiRequestsPerMinute: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
const serverPort = (app.server.address() as AddressInfo).port;
const { memorial, token } = await makeOwner(ctx.db);
const video = mp4Bytes(VIDEO_BYTES);

/** A pacing proxy: client→server bytes at RATE; `cutAfter(n)` drops every connection once n more have passed. */
class ThrottledLink {
  sent = 0;
  private cutAt = Infinity;
  private readonly sockets = new Set<net.Socket>();
  readonly server = net.createServer((client) => {
    const upstream = net.connect(serverPort, '127.0.0.1');
    this.sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      this.sockets.delete(client);
      this.sockets.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    upstream.pipe(client);
    client.on('data', (chunk: Buffer) => {
      const room = this.cutAt - this.sent;
      const part = chunk.length > room ? chunk.subarray(0, Math.max(0, room)) : chunk;
      this.sent += part.length;
      if (part.length < chunk.length) {
        // What went over the link reaches the server; then the connection is gone.
        this.cutAt = Infinity;
        client.destroy();
        upstream.end(part, () => setTimeout(() => upstream.destroy(), 50));
        return;
      }
      upstream.write(part);
      client.pause();
      setTimeout(() => client.resume(), (chunk.length / RATE) * 1000);
    });
  });

  cutAfter(bytes: number) {
    this.cutAt = this.sent + bytes;
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as AddressInfo).port;
  }
}

const link = new ThrottledLink();
const port = await link.listen();

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request through the link; null when the connection dropped. */
function send(method: string, pathName: string, headers: Record<string, string>, body?: Buffer): Promise<Reply | null> {
  return new Promise((resolve) => {
    const request = http.request({ host: '127.0.0.1', port, method, path: pathName, headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) }, agent: false }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', () => resolve(null));
    });
    request.on('error', () => resolve(null));
    if (body) request.end(body);
    else request.end();
  });
}

const tus = (extra: Record<string, string> = {}) => ({ 'Tus-Resumable': '1.0.0', token, ...extra });

function multipart(fields: Record<string, string>, file?: { name: string; field: string; bytes: Buffer }): { body: Buffer; type: string } {
  const boundary = `----bench${Date.now()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: video/mp4\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

interface Outcome {
  label: string;
  seconds: number;
  afterDropSeconds: number;
  sentMb: number;
  resentMb: number;
  saved: boolean;
}

async function resumable(): Promise<Outcome> {
  const start = performance.now();
  const sentBefore = link.sent;
  link.cutAfter(Math.round(VIDEO_BYTES * CUT_AT));
  const created = await send('POST', '/api/uploads', tus({ 'Upload-Length': String(video.length), 'Upload-Metadata': `identifier ${Buffer.from(memorial.identifier).toString('base64')}` }));
  const location = created?.headers.location ?? '';
  let offset = 0;
  let droppedAt = 0;
  let dropped = 0;
  while (offset < video.length) {
    const reply = await send('PATCH', location, tus({ 'Content-Type': 'application/offset+octet-stream', 'Upload-Offset': String(offset) }), video.subarray(offset, offset + PATCH_BYTES));
    if (reply?.status === 204) {
      offset = Number(reply.headers['upload-offset']);
      continue;
    }
    // Dropped: ask where to go on (as the browser client does).
    if (!droppedAt) {
      droppedAt = performance.now();
      dropped = link.sent - sentBefore;
    }
    const state = await send('HEAD', location, tus());
    offset = Number(state?.headers['upload-offset'] ?? offset);
  }
  const form = multipart({ identifier: memorial.identifier, message: 'Bench', upload: location.split('/').pop() ?? '' });
  const saved = await send('POST', '/api/content/save-admin-message', { token, 'Content-Type': form.type }, form.body);
  const end = performance.now();
  return {
    label: 'tus, resumed from the offset',
    seconds: (end - start) / 1000,
    afterDropSeconds: (end - droppedAt) / 1000,
    sentMb: (link.sent - sentBefore) / MB,
    resentMb: (link.sent - sentBefore - video.length - form.body.length) / MB,
    saved: saved?.status === 200 && dropped > 0,
  };
}

async function restarted(): Promise<Outcome> {
  const start = performance.now();
  const sentBefore = link.sent;
  link.cutAfter(Math.round(VIDEO_BYTES * CUT_AT));
  const form = multipart({ identifier: memorial.identifier, message: 'Bench' }, { name: 'bench.mp4', field: 'postVideo', bytes: video });
  let reply = await send('POST', '/api/content/save-admin-message', { token, 'Content-Type': form.type }, form.body);
  const droppedAt = performance.now();
  const firstTry = link.sent - sentBefore;
  if (!reply) reply = await send('POST', '/api/content/save-admin-message', { token, 'Content-Type': form.type }, form.body);
  const end = performance.now();
  return {
    label: 'multipart, started again',
    seconds: (end - start) / 1000,
    afterDropSeconds: (end - droppedAt) / 1000,
    sentMb: (link.sent - sentBefore) / MB,
    resentMb: (link.sent - sentBefore - form.body.length) / MB,
    saved: reply?.status === 200 && firstTry < form.body.length,
  };
}

console.log(`\nA ${VIDEO_BYTES / MB} MB video over a link of ${(RATE / 1024).toFixed(0)} KB/s upload that drops after ${Math.round(CUT_AT * 100)} % of it (${ctx.media.kind} store):`);
const results = [await resumable(), await restarted()];
console.log(`  ${'how'.padEnd(32)} ${'sent'.padStart(9)} ${'sent twice'.padStart(11)} ${'after drop'.padStart(11)} ${'total'.padStart(9)}  saved`);
for (const r of results) {
  console.log(
    `  ${r.label.padEnd(32)} ${`${r.sentMb.toFixed(1)} MB`.padStart(9)} ${`${Math.max(0, r.resentMb).toFixed(1)} MB`.padStart(11)} ${`${r.afterDropSeconds.toFixed(1)} s`.padStart(11)} ${`${r.seconds.toFixed(1)} s`.padStart(9)}  ${r.saved ? 'yes' : 'NO'}`,
  );
}
console.log('  (sent: bytes the phone put on the link; after drop: from the drop until the memory was saved, server processing included)');

link.server.close();
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
