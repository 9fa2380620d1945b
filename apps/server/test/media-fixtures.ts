// Test media made at test time: pictures drawn with sharp, real videos made by ffmpeg (padded to any
// size), MP4 look-alikes assembled from boxes, and a look at what the media store holds.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaStore } from '../src/storage/media-store';

/** A picture with two coloured halves (left red, right blue), so orientation can be seen. */
export async function pictureBytes(options: {
  format?: 'jpeg' | 'png';
  width?: number;
  height?: number;
  orientation?: number;
  exif?: Record<string, string>;
  gps?: boolean;
} = {}): Promise<Buffer> {
  const { format = 'jpeg', width = 800, height = 800 } = options;
  const half = Math.floor(width / 2);
  let image = sharp({ create: { width, height, channels: 3, background: '#1030d0' } }).composite([
    { input: { create: { width: half, height, channels: 3, background: '#d01010' } }, left: 0, top: 0 },
  ]);
  if (options.exif || options.gps) {
    image = image.withExif({
      IFD0: { ...(options.exif ?? {}) },
      ...(options.gps ? { IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '12/1 2/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '77/1 1/1 0/1' } } : {}),
    });
  }
  let buffer = format === 'png' ? await image.png().toBuffer() : await image.jpeg({ quality: 90 }).toBuffer();
  if (options.orientation) buffer = await sharp(buffer).withMetadata({ orientation: options.orientation }).jpeg().toBuffer();
  return buffer;
}

/** Inserts a JPEG comment (COM segment) right after the start-of-image marker. */
export function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, text, jpeg.subarray(2)]);
}

function box(type: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(payload.length + 8, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, payload]);
}

const realVideos = new Map<string, Buffer>();

/**
 * A real, playable video made once by ffmpeg (1 s of colour, 32×32, H.264): with its index at the
 * front (as phones and our fast-start rewrite leave it), or at the end (as some cameras do).
 */
export function realVideo(index: 'front' | 'end' = 'front'): Buffer {
  const cached = realVideos.get(index);
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-video-fixture-'));
  try {
    const out = path.join(dir, 'video.mp4');
    const result = spawnSync(
      process.env.FFMPEG_PATH ?? 'ffmpeg',
      ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0x6b4f8a:size=32x32:rate=5', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '45', '-pix_fmt', 'yuv420p', '-bsf:v', 'filter_units=remove_types=6', ...(index === 'front' ? ['-movflags', '+faststart'] : []), out],
      { encoding: 'utf8' },
    );
    if (result.status !== 0) throw new Error(`ffmpeg could not make the test video (install Debian's ffmpeg): ${result.error?.message ?? result.stderr}`);
    const bytes = fs.readFileSync(out);
    realVideos.set(index, bytes);
    return bytes;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An MP4 of exactly `size` bytes: the real video of `realVideo()` and a `free` box after it (players
 * skip it), so uploads of any size are readable videos. Another major brand (e.g. QuickTime's 'qt  ')
 * gives a file that only looks like one, for the refusals of the first bytes.
 */
export function mp4Bytes(size = 4096, majorBrand = 'isom', index: 'front' | 'end' = 'front'): Buffer {
  if (majorBrand === 'isom') {
    const video = realVideo(index);
    if (size < video.length + 8) throw new Error(`mp4Bytes: at least ${video.length + 8} bytes`);
    return Buffer.concat([video, box('free', Buffer.alloc(size - video.length - 8, 0x11))]);
  }
  const ftyp = box('ftyp', Buffer.concat([Buffer.from(majorBrand, 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2mp41', 'latin1')]));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)));
  const mdatPayload = size - ftyp.length - moov.length - 8;
  if (mdatPayload < 0) throw new Error('mp4Bytes: size too small');
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(mdatPayload, 0x11))]);
}

export function file(bytes: Buffer, filename: string, type = ''): { blob: Blob; filename: string } {
  return { blob: new Blob([new Uint8Array(bytes)], type ? { type } : {}), filename };
}

/** Every object in the media store (temporary area included, as `.tmp/<key>`), sorted. */
export async function mediaFiles(store: MediaStore): Promise<string[]> {
  const finals = await store.list();
  const temps = (await store.listTemp()).map((temp) => `.tmp/${temp.tempKey}`);
  return [...finals, ...temps].sort();
}

/** The stored object a media path names: `/media/<name>` or a private memorial's signed `/media/s/<token>/<name>`. */
export function objectNameOf(mediaPath: string): string {
  return mediaPath.replace(/^\/media\/(?:s\/[^/]+\/)?/, '');
}

/** A signed media path (a private memorial's, issue 12 §6) of a pending or published object. */
export const SIGNED_PATH = /^\/media\/s\/[0-9a-z]+-[A-Za-z0-9_-]{24}\//;

export type PhoneVideo = 'hevc-mov' | 'mpeg4-3gp' | 'vp9-webm' | 'undecodable-hevc';
const phoneVideos = new Map<PhoneVideo, Buffer>();

function ffmpeg(args: string[]): void {
  const result = spawnSync(process.env.FFMPEG_PATH ?? 'ffmpeg', ['-v', 'error', '-y', ...args], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`ffmpeg could not make the test video: ${result.error?.message ?? result.stderr}`);
}

/**
 * A second of video as phones record it (issue 26), small (96×64 or QCIF): an iPhone's HEVC `.MOV`,
 * shot upright (a 90° display matrix on landscape frames) with 5.1 sound; an old Android's `.3gp`
 * with MPEG-4 part 2; a VP9 `.webm`; and an HEVC file whose video data was overwritten, which
 * ffprobe reads but ffmpeg cannot decode.
 */
export function phoneVideo(kind: PhoneVideo): Buffer {
  const cached = phoneVideos.get(kind);
  if (cached) return cached;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recuerdos-phone-video-'));
  try {
    const source = ['-f', 'lavfi', '-i', 'testsrc=size=96x64:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000', '-t', '1'];
    let out: string;
    if (kind === 'hevc-mov' || kind === 'undecodable-hevc') {
      const flat = path.join(dir, 'flat.mov');
      ffmpeg([...source, '-filter_complex', '[1:a]pan=5.1|c0=c0|c1=c0|c2=c0|c3=c0|c4=c0|c5=c0[a]', '-map', '0:v', '-map', '[a]', '-c:v', 'libx265', '-preset', 'ultrafast', '-x265-params', 'log-level=error', '-pix_fmt', 'yuv420p', '-tag:v', 'hvc1', '-c:a', 'aac', '-f', 'mov', flat]);
      out = path.join(dir, 'IMG_0001.MOV');
      // The display matrix survives only a stream copy in ffmpeg 5.
      ffmpeg(['-i', flat, '-c', 'copy', '-metadata:s:v:0', 'rotate=90', '-f', 'mov', out]);
    } else if (kind === 'mpeg4-3gp') {
      out = path.join(dir, 'VID0001.3gp');
      ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=176x144:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=8000', '-t', '1', '-c:v', 'mpeg4', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-ac', '1', out]);
    } else {
      out = path.join(dir, 'video.webm');
      ffmpeg([...source, '-c:v', 'libvpx-vp9', '-deadline', 'realtime', '-pix_fmt', 'yuv420p', '-c:a', 'libopus', out]);
    }
    let bytes = fs.readFileSync(out);
    if (kind === 'undecodable-hevc') {
      // Every byte of the media data after its first 16 overwritten: the index still describes it.
      const mdat = bytes.indexOf(Buffer.from('mdat', 'latin1'));
      bytes = Buffer.from(bytes);
      bytes.fill(0xff, mdat + 16, Math.min(bytes.length, mdat + 4 + bytes.readUInt32BE(mdat - 4) - 8));
    }
    phoneVideos.set(kind, bytes);
    return bytes;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
