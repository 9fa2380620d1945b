// Media on the local disk (MEDIA_DIR). Temporary objects live in `.tmp/` inside the root, on the
// same file system, so promoting one is an atomic rename.
import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isObjectName, type ByteRange, type MediaStore, type ObjectInfo, type TempObject } from './media-store';

const TEMP_DIR = '.tmp';
const TEMP_KEY = /^[a-f0-9]{32}$/;

function isMissing(err: unknown): boolean {
  return (err as { code?: string }).code === 'ENOENT';
}

export class DiskMediaStore implements MediaStore {
  private readonly tempDir: string;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, TEMP_DIR);
  }

  private file(name: string): string {
    if (!isObjectName(name)) throw new Error(`Not a media object name: ${JSON.stringify(name)}`);
    return path.join(this.root, name);
  }

  private tempFile(tempKey: string): string {
    if (!TEMP_KEY.test(tempKey)) throw new Error(`Not a temporary key: ${JSON.stringify(tempKey)}`);
    return path.join(this.tempDir, tempKey);
  }

  async writeTemp(body: Readable | Buffer): Promise<TempObject> {
    await fs.mkdir(this.tempDir, { recursive: true });
    const tempKey = randomBytes(16).toString('hex');
    const file = this.tempFile(tempKey);
    // Create the file before streaming into it with 'r+' (which never creates): a lazily opened
    // stream could otherwise create it after a failed upload's cleanup had already run.
    await fs.writeFile(file, '', { flag: 'wx' });
    try {
      if (Buffer.isBuffer(body)) await fs.writeFile(file, body, { flag: 'r+' });
      else await pipeline(body, createWriteStream(file, { flags: 'r+' }));
      // On disk before the database row that points at it is committed.
      const handle = await fs.open(file, 'r');
      try {
        await handle.sync();
        const { size } = await handle.stat();
        return { tempKey, size };
      } finally {
        await handle.close();
      }
    } catch (err) {
      await fs.rm(file, { force: true });
      throw err;
    }
  }

  async promote(tempKey: string, name: string): Promise<void> {
    const target = this.file(name);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.rename(this.tempFile(tempKey), target);
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.file(from);
    const target = this.file(to);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(source, target);
    } catch (err) {
      // A retried approval finds the object already moved.
      if (isMissing(err) && (await this.stat(to))) return;
      throw err;
    }
  }

  async stat(name: string): Promise<ObjectInfo | null> {
    try {
      const info = await fs.stat(this.file(name));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  read(name: string, range?: ByteRange): Readable {
    return createReadStream(this.file(name), range ? { start: range.start, end: range.end } : {});
  }

  async delete(name: string): Promise<void> {
    await fs.rm(this.file(name), { force: true });
  }

  async discardTemp(tempKey: string): Promise<void> {
    await fs.rm(this.tempFile(tempKey), { force: true });
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    let names: string[];
    try {
      names = await fs.readdir(this.tempDir);
    } catch (err) {
      if (isMissing(err)) return 0;
      throw err;
    }
    let removed = 0;
    for (const name of names) {
      const file = path.join(this.tempDir, name);
      try {
        const info = await fs.stat(file);
        if (info.mtime < olderThan) {
          await fs.rm(file, { force: true, recursive: true });
          removed += 1;
        }
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return removed;
  }
}
