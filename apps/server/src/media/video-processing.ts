// What a video needs before it is stored (issue 13 §3, issue 26; docs/decisions/027-video-pipeline.md):
// proof that it really is a video a phone makes (ffprobe reads an MP4/MOV/3GP/M4V or WebM container
// with a video stream, and ffmpeg decodes its first frames), then either — when it already plays in
// every browser (H.264 yuv420p, AAC stereo or no sound, at most 1280 px, upright, a modest bitrate,
// an MP4) — its index at the front (streams copied) and a poster frame from its first second, or a
// conversion on the jobs engine (convertVideo, video-conversion.ts).
// ffmpeg is Debian's (installed by the README's set-up and .ci/run); the work happens in a scratch
// folder under DATA_DIR/scratch (this machine's own), removed when the upload is done; what a crash
// leaves there is swept by the temp-upload-sweep job.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@recuerdos/shared/fields';
import { sharp } from './sharp';
import { AppError } from '../http/errors';

export const VIDEO_MESSAGES = {
  unreadable: MESSAGES.videoInvalid,
  conversionFailed: 'No pudimos procesar este video. Prueba a enviarlo de nuevo o con otro archivo',
  unavailable: 'Por ahora no podemos recibir videos. Inténtalo de nuevo más tarde',
} as const;

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const FFPROBE = process.env.FFPROBE_PATH ?? 'ffprobe';
/** Per tool run: a 50 MB video is probed and rewritten in well under a second. */
const TOOL_TIMEOUT_MS = 60_000;
/** The poster's width at most (the cards show 400 px, twice for dense screens). */
export const POSTER_MAX_WIDTH = 800;

class ToolMissing extends Error {}

function runTool(tool: string, args: string[], binary = false): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(tool, args, { timeout: TOOL_TIMEOUT_MS, maxBuffer: 32 * 1024 * 1024, encoding: 'buffer' }, (error, stdout) => {
      if (error) {
        reject((error as NodeJS.ErrnoException).code === 'ENOENT' ? new ToolMissing(tool) : error);
        return;
      }
      resolve(binary ? stdout : Buffer.from(stdout));
    });
  });
}

/** Whether ffmpeg and ffprobe answer (checked at start; videos are refused politely without them). */
export async function videoToolsAvailable(): Promise<boolean> {
  try {
    await Promise.all([runTool(FFMPEG, ['-version']), runTool(FFPROBE, ['-version'])]);
    return true;
  } catch {
    return false;
  }
}

/** The top-level box types of an MP4 file, in order (headers only: the file is not read whole). */
export async function topLevelBoxes(file: string): Promise<string[]> {
  const handle = await fs.open(file, 'r');
  try {
    const { size: fileSize } = await handle.stat();
    const header = Buffer.alloc(16);
    const types: string[] = [];
    let offset = 0;
    while (offset + 8 <= fileSize && types.length < 1000) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) break;
      let size = header.readUInt32BE(0);
      types.push(header.toString('latin1', 4, 8));
      if (size === 1 && bytesRead >= 16) size = Number(header.readBigUInt64BE(8));
      else if (size === 0) size = fileSize - offset;
      if (size < 8) break;
      offset += size;
    }
    return types;
  } finally {
    await handle.close();
  }
}

/** Containers accepted, as ffprobe names them (MP4, MOV, 3GP and M4V; WebM, read by the Matroska demuxer). */
const ACCEPTED_FORMATS = new Set(['mov,mp4,m4a,3gp,3g2,mj2', 'matroska,webm']);

/** What a conversion makes (and what a video must already be to be stored without one). */
export const VIDEO_TARGET = {
  longSide: 1280,
  /** Bits per second of a stored video, sound included, above which it is converted (a 4K file is, whatever its codec). */
  maxBitRate: 5_000_000,
} as const;

export interface VideoProbe {
  format: string;
  /** The container's major brand ('qt  ' for QuickTime, '3gp4'…), '' when it has none. */
  brand: string;
  duration: number;
  bitRate: number;
  video: { codec: string; pixFmt: string; width: number; height: number; rotation: number };
  audio: { codec: string; channels: number } | null;
}

interface ProbeJson {
  streams?: { codec_type?: string; codec_name?: string; bit_rate?: string; pix_fmt?: string; width?: number; height?: number; channels?: number; side_data_list?: { rotation?: number }[] }[];
  format?: { format_name?: string; duration?: string; bit_rate?: string; tags?: { major_brand?: string } };
}

/** What ffprobe reads in the bytes; null when they are not a video in an accepted container. */
export async function probeVideo(file: string): Promise<VideoProbe | null> {
  try {
    const out = await runTool(FFPROBE, [
      '-v', 'error', '-show_entries',
      'stream=codec_type,codec_name,pix_fmt,width,height,channels,bit_rate:stream_side_data=rotation:format=format_name,duration,bit_rate:format_tags=major_brand',
      '-of', 'json', file,
    ]);
    const parsed = JSON.parse(out.toString('utf8')) as ProbeJson;
    const format = parsed.format?.format_name ?? '';
    const video = parsed.streams?.find((stream) => stream.codec_type === 'video');
    if (!ACCEPTED_FORMATS.has(format) || !video?.codec_name || !video.width || !video.height) return null;
    const audio = parsed.streams?.find((stream) => stream.codec_type === 'audio');
    return {
      format,
      brand: (parsed.format?.tags?.major_brand ?? '').trim(),
      duration: Number(parsed.format?.duration ?? 0) || 0,
      // The streams' own (padding a file, a `free` box, is no bitrate); the container's when they have none.
      bitRate: Number(video.bit_rate ?? 0) > 0 ? Number(video.bit_rate) + (Number(audio?.bit_rate ?? 0) || 0) : Number(parsed.format?.bit_rate ?? 0) || 0,
      video: {
        codec: video.codec_name,
        pixFmt: video.pix_fmt ?? '',
        width: video.width,
        height: video.height,
        rotation: Math.round(video.side_data_list?.find((side) => side.rotation !== undefined)?.rotation ?? 0) % 360,
      },
      audio: audio?.codec_name ? { codec: audio.codec_name, channels: audio.channels ?? 0 } : null,
    };
  } catch (err) {
    if (err instanceof ToolMissing) throw err;
    return null;
  }
}

/** Whether ffmpeg decodes the first frames of its video (bytes that only look like a video do not). */
async function decodes(file: string): Promise<boolean> {
  try {
    await runTool(FFMPEG, ['-v', 'error', '-xerror', '-i', file, '-map', '0:v:0', '-frames:v', '2', '-f', 'null', '-']);
    return true;
  } catch (err) {
    if (err instanceof ToolMissing) throw err;
    return false;
  }
}

/** Already plays in every browser and on every phone: stored with only its index moved, never re-encoded. */
export function playsEverywhere(probe: VideoProbe): boolean {
  const { video, audio } = probe;
  return (
    probe.format === 'mov,mp4,m4a,3gp,3g2,mj2' &&
    probe.brand !== 'qt' &&
    !probe.brand.startsWith('3g') &&
    video.codec === 'h264' &&
    video.pixFmt === 'yuv420p' &&
    video.rotation === 0 &&
    Math.max(video.width, video.height) <= VIDEO_TARGET.longSide &&
    probe.bitRate <= VIDEO_TARGET.maxBitRate &&
    (audio === null || (audio.codec === 'aac' && audio.channels <= 2))
  );
}

/** A frame from the first second, as a JPEG without metadata, at most POSTER_MAX_WIDTH wide. */
export async function posterFrame(file: string, duration: number): Promise<Buffer> {
  const at = Math.min(0.5, duration > 0 ? duration / 2 : 0);
  const png = await runTool(
    FFMPEG,
    ['-v', 'error', '-ss', at.toFixed(3), '-i', file, '-frames:v', '1', '-vf', `scale='min(${POSTER_MAX_WIDTH},iw)':-2`, '-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
    true,
  );
  if (png.length === 0) throw new Error('ffmpeg gave no frame');
  return sharp(png).flatten({ background: '#000000' }).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}

export interface PreparedVideo {
  /** The file to store: the upload itself, or its fast-start rewrite. */
  file: string;
  poster: Buffer;
  /** Whether the index was moved to the front. */
  rewritten: boolean;
}

/** A video to convert on the jobs engine: stored as it came until then. */
export interface VideoToConvert {
  file: string;
  probe: VideoProbe;
}

/** Rewrites `file` with its index at the front when it is at the end (streams copied as they are). */
export async function fastStart(file: string, scratch: string): Promise<{ file: string; rewritten: boolean }> {
  const boxes = await topLevelBoxes(file);
  const moov = boxes.indexOf('moov');
  const mdat = boxes.indexOf('mdat');
  if (moov < 0 || mdat < 0 || moov < mdat) return { file, rewritten: false };
  const out = path.join(scratch, 'faststart.mp4');
  await runTool(FFMPEG, ['-v', 'error', '-y', '-i', file, '-map', '0', '-c', 'copy', '-movflags', '+faststart', '-f', 'mp4', out]);
  return { file: out, rewritten: true };
}

async function readableVideo(file: string): Promise<VideoProbe> {
  const probed = await probeVideo(file);
  if (!probed || !(await decodes(file))) throw new AppError(400, VIDEO_MESSAGES.unreadable);
  return probed;
}

/** 503 without ffmpeg, 400 for anything else that goes wrong with the file. */
async function asVideoError<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ToolMissing) throw new AppError(503, VIDEO_MESSAGES.unavailable);
    throw new AppError(400, VIDEO_MESSAGES.unreadable);
  }
}

/**
 * Checks, rewrites and takes the poster of a video that plays everywhere, in `scratch` (a folder the
 * caller removes); another readable video is returned to be converted. 400 with a clear message
 * when it cannot be read as a video; 503 without ffmpeg.
 */
export function receiveVideoFile(file: string, scratch: string): Promise<PreparedVideo | VideoToConvert> {
  return asVideoError(async () => {
    const probed = await readableVideo(file);
    if (!playsEverywhere(probed)) return { file, probe: probed };
    const ready = await fastStart(file, scratch);
    const poster = await posterFrame(ready.file, probed.duration);
    return { file: ready.file, poster, rewritten: ready.rewritten };
  });
}

/** The index moved to the front and a poster, for a stored video (`admin video-posters`). */
export function prepareVideo(file: string, scratch: string): Promise<PreparedVideo> {
  return asVideoError(async () => {
    const probed = await readableVideo(file);
    const ready = await fastStart(file, scratch);
    const poster = await posterFrame(ready.file, probed.duration);
    return { file: ready.file, poster, rewritten: ready.rewritten };
  });
}

/** How long one conversion may take: ten times the video's length, plus two minutes. */
export function conversionTimeLimitMs(duration: number): number {
  return 120_000 + Math.ceil(duration * 10_000);
}

export interface ConvertOptions {
  /** Encoder threads (the server's pages keep the other cores). */
  threads: number;
  timeoutMs: number;
  /** Called with the share of the video done, 0–1. */
  onProgress?: (done: number) => void;
}

/**
 * Converts `input` to H.264 (yuv420p) with AAC stereo in an MP4 whose index is at the front, the
 * long side at most VIDEO_TARGET.longSide, the rotation applied (ffmpeg's autorotate turns the
 * frames and writes none), metadata dropped. ffmpeg runs at a lower priority, and is killed at
 * `timeoutMs`. The flags are STACK.md's ffmpeg row.
 */
export function convertVideo(input: string, output: string, probe: VideoProbe, options: ConvertOptions): Promise<void> {
  const long = VIDEO_TARGET.longSide;
  const even = (side: string) => `trunc(min(${long},${side})/2)*2`;
  const scale = `scale='if(gte(iw,ih),${even('iw')},-2)':'if(gte(iw,ih),-2,${even('ih')})',format=yuv420p`;
  const args = [
    '-nostdin', '-v', 'error', '-y', '-progress', 'pipe:1', '-i', input,
    '-map', '0:v:0', '-map', '0:a:0?', '-map_metadata', '-1', '-map_chapters', '-1', '-sn', '-dn',
    '-vf', scale, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-profile:v', 'high', '-threads', String(options.threads),
    '-c:a', 'aac', '-ac', '2', '-b:a', '128k', '-movflags', '+faststart', '-f', 'mp4', output,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      if (child.pid) os.setPriority(child.pid, 10);
    } catch {
      // Not allowed here: it runs at the server's priority.
    }
    let stderr = '';
    let pending = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      pending += text;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const match = /^out_time_us=(\d+)/.exec(line);
        if (match && probe.duration > 0) options.onProgress?.(Math.min(1, Number(match[1]) / 1e6 / probe.duration));
      }
    });
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      stderr = (stderr + text).slice(-2000);
    });
    child.on('error', (err) => {
      clearTimeout(timer);
      reject((err as NodeJS.ErrnoException).code === 'ENOENT' ? new ToolMissing(FFMPEG) : err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new Error(signal ? `ffmpeg was stopped (${signal})` : `ffmpeg failed (${code}): ${stderr.trim()}`));
    });
  });
}

export const scratchRoot = (dataDir: string): string => path.join(dataDir, 'scratch');

/** A scratch folder for one video's work. */
export async function scratchFolder(dataDir: string): Promise<string> {
  const root = scratchRoot(dataDir);
  await fs.mkdir(root, { recursive: true });
  return fs.mkdtemp(path.join(root, 'video-'));
}

/** Removes scratch folders last changed before `olderThan` (work cut off by a crash). */
export async function sweepScratch(dataDir: string, olderThan: Date): Promise<number> {
  let removed = 0;
  const root = scratchRoot(dataDir);
  for (const name of await fs.readdir(root).catch(() => [] as string[])) {
    const folder = path.join(root, name);
    const stat = await fs.stat(folder).catch(() => null);
    if (stat && stat.mtime < olderThan) {
      await fs.rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
