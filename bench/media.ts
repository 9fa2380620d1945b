// Media figures (issue 11): the server's memory growth while four 50 MB videos upload at once, and
// /media/ reads of a photo per second, for the S3 store (s3rver in its own process) and the disk,
// side by side with /api/health in the same run. The server runs in a child process; the uploads and
// autocannon run here. Figures only: nothing passes or fails on time.
//   npm run bench -- media                         (5 s per read target, 20 connections)
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=50 npm run bench -- media
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { mp4Bytes, pictureBytes } from '../apps/server/test/media-fixtures';
import { forkTs, nextMessage } from './support/child';
import { printTable } from './support/table';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const MB = 1024 * 1024;
const VIDEO_BYTES = 50 * MB;
const UPLOADS = 4;

interface Ready {
  port: number;
  token: string;
  identifier: string;
  store: string;
}

interface Figures {
  store: string;
  uploadGrowthMb: number;
  uploadSeconds: number;
  uploadStatuses: number[];
  mediaRps: number;
  mediaP99: number;
  healthRps: number;
  healthP99: number;
  mediaOk: number;
  mediaOther: number;
}

const video = mp4Bytes(VIDEO_BYTES);
const photo = await pictureBytes({ width: 2000, height: 1500 });

async function post(base: string, token: string, fields: Record<string, string | Blob>): Promise<{ status: number; path: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, name === 'postVideo' ? 'video.mp4' : 'foto.jpg');
  }
  const res = await fetch(`${base}/api/content/save-admin-message`, { method: 'POST', headers: { token, accept: 'application/json' }, body: form });
  const body = (await res.json()) as { data?: { data?: { path?: string } } };
  return { status: res.status, path: body.data?.data?.path ?? '' };
}

async function measure(store: 'disk' | 's3', env: Record<string, string>): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-bench-media-'));
  const server = forkTs('media-server.ts', { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PORT: '0', ...env });
  try {
    const ready = await nextMessage<Ready>(server);
    const base = `http://127.0.0.1:${ready.port}`;
    const saved = await post(base, ready.token, { identifier: ready.identifier, message: 'Foto', postPicture: new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }) });
    if (saved.status !== 200) throw new Error(`The photo was refused (${saved.status})`);
    // Warm-up: one small video, so first-use allocations do not count as growth.
    await post(base, ready.token, { identifier: ready.identifier, message: 'Video', postVideo: new Blob([new Uint8Array(video.subarray(0, 6 * MB))], { type: 'video/mp4' }) });

    const blob = new Blob([new Uint8Array(video)], { type: 'video/mp4' });
    server.send('reset');
    await nextMessage(server);
    const started = performance.now();
    const uploads = await Promise.all(
      Array.from({ length: UPLOADS }, () => post(base, ready.token, { identifier: ready.identifier, message: 'Video', postVideo: blob })),
    );
    const uploadSeconds = (performance.now() - started) / 1000;
    server.send('peak');
    const memory = await nextMessage<{ base: number; peak: number }>(server);

    const run = (url: string, duration: number) => autocannon({ url, connections, duration });
    await run(base + saved.path, 1);
    const media = await run(base + saved.path, seconds);
    const health = await run(`${base}/api/health`, seconds);
    return {
      store: ready.store,
      uploadGrowthMb: (memory.peak - memory.base) / MB,
      uploadSeconds,
      uploadStatuses: uploads.map((u) => u.status),
      mediaRps: media.requests.average,
      mediaP99: media.latency.p99,
      healthRps: health.requests.average,
      healthP99: health.latency.p99,
      mediaOk: media['2xx'],
      mediaOther: media.non2xx + media.errors + media.timeouts,
    };
  } finally {
    server.kill('SIGTERM');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const s3rver = forkTs('s3rver-server.ts', {});
const rows: Figures[] = [];
try {
  const s3Env = await nextMessage<Record<string, string>>(s3rver);
  rows.push(await measure('s3', s3Env));
  process.stderr.write('  measured the S3 store\n');
  rows.push(await measure('disk', {}));
  process.stderr.write('  measured the disk store\n');
} finally {
  s3rver.kill('SIGTERM');
}

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(`\nMedia store — Node ${process.version}, ${os.cpus().length} × ${cpu}; server in its own process, s3rver in another.`);
console.log(`Uploads: ${UPLOADS} × ${VIDEO_BYTES / MB} MB videos at once (multipart POST), growth of the server's peak RSS.`);
console.log(`Reads: autocannon ${seconds} s, ${connections} connections: a ${(photo.length / 1024).toFixed(0)} KB source photo's stored JPEG, then /api/health.\n`);
const header = ['store', 'upload growth MB', 'upload s', 'statuses', '/media req/s', 'p99 ms', '/api/health req/s', 'p99 ms', 'media vs health', 'media 2xx', 'other'];
const lines = rows.map((r) => [
  r.store,
  r.uploadGrowthMb.toFixed(1),
  r.uploadSeconds.toFixed(1),
  r.uploadStatuses.join(','),
  r.mediaRps.toFixed(0),
  r.mediaP99.toFixed(1),
  r.healthRps.toFixed(0),
  r.healthP99.toFixed(1),
  `${((r.mediaRps / r.healthRps) * 100).toFixed(0)} %`,
  String(r.mediaOk),
  String(r.mediaOther),
]);
printTable(header, lines);
