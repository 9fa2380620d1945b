// Video conversion figures (issue 26 §6): seconds of conversion per minute of 1080p phone video on
// this machine (convertVideo with the default settings: one encoder thread, nice 10), then, with the
// real server in its own process converting two such videos at once (VIDEO_CONVERSIONS=2), the
// /api/health latency (4 connections, 100 ms between a connection's requests) and the server's resident memory meanwhile (ffmpeg's own, in its
// child processes, beside it). Figures only: nothing passes or fails on time.
//   npm run bench -- video-convert                 (a 10 s clip)
//   BENCH_VIDEO_SECONDS=30 npm run bench -- video-convert
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Post } from '@recuerdos/shared/api-types';
import { conversionSettings } from '../apps/server/src/media/video-conversion';
import { conversionTimeLimitMs, convertVideo, probeVideo } from '../apps/server/src/media/video-processing';
import { forkTs, nextMessage } from './support/child';
import { printTable } from './support/table';

const clipSeconds = Number(process.env.BENCH_VIDEO_SECONDS ?? 10);
const MB = 1024 * 1024;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-bench-video-'));

/**
 * A phone's 1080p clip: 1920×1080 at 30 fps with moving detail and grain, H.264 at ~17 Mbit/s (what
 * phones record), shot upright (a 90° display matrix) with 5.1 sound, in a QuickTime .MOV.
 */
function phoneClip(): string {
  const flat = path.join(work, 'flat.mov');
  const out = path.join(work, 'IMG_1080.MOV');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y', '-f', 'lavfi', '-i', `testsrc2=size=1920x1080:rate=30,noise=alls=12:allf=t`, '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', String(clipSeconds), '-filter_complex', '[1:a]pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0[a]', '-map', '0:v', '-map', '[a]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-b:v', '17M', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'mov', flat,
  ]);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', flat, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mov', out]);
  return out;
}

/** Resident memory (MB) of the server's ffmpeg children, from /proc (0 where there is none). */
function ffmpegRssMb(serverPid: number): number {
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(fields[1]) !== serverPid || !stat.includes('(ffmpeg)')) continue;
      const rss = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      total += Number(rss?.[1] ?? 0) / 1024;
    } catch {
      // The process ended meanwhile.
    }
  }
  return total;
}

interface Latencies {
  p50: number;
  p95: number;
  p99: number;
  count: number;
  failed: number;
}

/**
 * Asks /api/health over `connections` connections, each waiting PAUSE_MS after an answer, until
 * `done()`: a steady load of pages (about 40 requests a second), not a flood that would itself take
 * the CPU from the conversions.
 */
const PAUSE_MS = 100;
async function askHealth(base: string, done: () => boolean, connections = 4): Promise<Latencies> {
  const times: number[] = [];
  let failed = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!done()) {
        const at = performance.now();
        const res = await fetch(`${base}/api/health`).catch(() => null);
        if (res?.ok) {
          await res.arrayBuffer();
          times.push(performance.now() - at);
        } else failed += 1;
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    }),
  );
  times.sort((a, b) => a - b);
  const at = (share: number) => times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), count: times.length, failed };
}

const describeLatency = (l: Latencies) => [`${l.p95.toFixed(1)} ms (p50 ${l.p50.toFixed(1)}, p99 ${l.p99.toFixed(1)})`, `${l.count} requests, ${l.failed} failed`];

interface Ready {
  port: number;
  token: string;
  identifier: string;
}

try {
  const clip = phoneClip();
  const probe = await probeVideo(clip);
  if (!probe) throw new Error('ffprobe could not read the clip');
  const settings = conversionSettings();

  // 1. One conversion alone.
  const started = performance.now();
  await convertVideo(clip, path.join(work, 'converted.mp4'), probe, { threads: settings.threads, timeoutMs: conversionTimeLimitMs(probe.duration) });
  const aloneSeconds = (performance.now() - started) / 1000;

  // 2. Two at once in the server, while /api/health is asked.
  const dataDir = path.join(work, 'data');
  const server = forkTs('media-server.ts', { NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent', PORT: '0', VIDEO_CONVERSIONS: '2' });
  let figures: string[][];
  try {
    const ready = await nextMessage<Ready>(server);
    const base = `http://127.0.0.1:${ready.port}`;
    const idleUntil = performance.now() + 5000;
    const baseline = await askHealth(base, () => performance.now() > idleUntil);
    const bytes = fs.readFileSync(clip);
    server.send('reset');
    await nextMessage(server);
    const sent = performance.now();
    for (let i = 0; i < 2; i++) {
      const form = new FormData();
      form.append('identifier', ready.identifier);
      form.append('message', 'Video');
      form.append('postVideo', new Blob([new Uint8Array(bytes)], { type: 'video/quicktime' }), 'IMG_1080.MOV');
      const res = await fetch(`${base}/api/content/save-admin-message`, { method: 'POST', headers: { token: ready.token, accept: 'application/json' }, body: form });
      if (res.status !== 200) throw new Error(`The clip was refused (${res.status}): ${await res.text()}`);
    }
    let ffmpegPeak = 0;
    const sampler = setInterval(() => {
      ffmpegPeak = Math.max(ffmpegPeak, ffmpegRssMb(server.pid ?? 0));
    }, 200);
    const converting = async () => {
      const res = await fetch(`${base}/api/content/get-admin-posts?identifier=${ready.identifier}`, { headers: { token: ready.token } });
      const body = (await res.json()) as { data: { posts: Post[] } };
      return body.data.posts.some((post) => post.processing);
    };
    // Health is asked for as long as the conversions run.
    let finished = false;
    const during = askHealth(base, () => finished);
    while (await converting()) await new Promise((resolve) => setTimeout(resolve, 500));
    finished = true;
    const bothSeconds = (performance.now() - sent) / 1000;
    const health = await during;
    clearInterval(sampler);
    server.send('peak');
    const memory = await nextMessage<{ base: number; peak: number }>(server);
    figures = [
      ['one conversion alone', `${aloneSeconds.toFixed(1)} s`, `${((aloneSeconds / clipSeconds) * 60).toFixed(0)} s per minute of video`],
      ['two at once in the server (uploads included)', `${bothSeconds.toFixed(1)} s`, `${((bothSeconds / clipSeconds) * 60).toFixed(0)} s per minute of each`],
      ['/api/health p95, idle', ...describeLatency(baseline)],
      ['/api/health p95, two conversions', ...describeLatency(health)],
      ['server RSS, before → peak', `${(memory.base / MB).toFixed(0)} → ${(memory.peak / MB).toFixed(0)} MB`, ''],
      ['ffmpeg RSS, both children, peak', `${ffmpegPeak.toFixed(0)} MB`, ''],
    ];
  } finally {
    server.kill('SIGTERM');
  }
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`\nVideo conversion — Node ${process.version}, ffmpeg 5.1, ${os.cpus().length} × ${cpu}.`);
  console.log(`Clip: ${clipSeconds} s of 1920×1080 at 30 fps, H.264 ~17 Mbit/s, upright, 5.1 sound (${(fs.statSync(clip).size / MB).toFixed(1)} MB) → 720×1280 H.264/AAC stereo.`);
  console.log(`Settings: ${settings.threads} encoder thread(s) per conversion, nice 10. /api/health: 4 connections, 100 ms between a connection's requests.\n`);
  printTable(['what', 'measured', ''], figures);
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
