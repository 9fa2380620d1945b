// What a video needs before it is stored (issue 13 §3): proof that it really is a playable video
// (ffprobe finds a video stream), its index at the front so a phone starts playing before the whole
// file arrives (ffmpeg rewrites it with `-movflags +faststart`, copying the streams, never
// re-encoding), and a poster frame from its first second, re-encoded by sharp like every picture.
// ffmpeg is Debian's (installed by the README's set-up and .ci/run); the work happens in a scratch
// folder under DATA_DIR/scratch (this machine's own), removed when the upload is done; what a crash
// leaves there is swept by the temp-upload-sweep job.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sharp } from './sharp';
import { AppError } from '../http/errors';

export const VIDEO_MESSAGES = {
  unreadable: 'No pudimos leer este video. Prueba con otro archivo MP4',
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

interface Probe {
  duration: number;
}

async function probe(file: string): Promise<Probe | null> {
  try {
    const out = await runTool(FFPROBE, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=codec_type:format=duration', '-of', 'json', file]);
    const parsed = JSON.parse(out.toString('utf8')) as { streams?: { codec_type?: string }[]; format?: { duration?: string } };
    if (!parsed.streams?.some((stream) => stream.codec_type === 'video')) return null;
    return { duration: Number(parsed.format?.duration ?? 0) || 0 };
  } catch (err) {
    if (err instanceof ToolMissing) throw err;
    return null;
  }
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

/**
 * Checks, rewrites and takes the poster of an uploaded video in `scratch` (a folder the caller
 * removes). 400 with a clear message when it cannot be read as a video; 503 without ffmpeg.
 */
export async function prepareVideo(file: string, scratch: string): Promise<PreparedVideo> {
  try {
    const probed = await probe(file);
    if (!probed) throw new AppError(400, VIDEO_MESSAGES.unreadable);
    const ready = await fastStart(file, scratch);
    const poster = await posterFrame(ready.file, probed.duration);
    return { file: ready.file, poster, rewritten: ready.rewritten };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof ToolMissing) throw new AppError(503, VIDEO_MESSAGES.unavailable);
    throw new AppError(400, VIDEO_MESSAGES.unreadable);
  }
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
