// Media on the local disk (MEDIA_DIR). Temporary objects live in `.tmp/` inside the root, on the
// same file system, so promoting one is an atomic rename.
import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ByteLimit, checkBufferSize } from './byte-limit';
import {
  MediaStoreCheckError,
  checkedObjectName,
  checkedTempKey,
  contentTypeOf,
  isObjectName,
  newTempKey,
  type ByteRange,
  type MediaStore,
  type ObjectInfo,
  type PutOptions,
  type StoredObject,
  type TempInfo,
  type TempObject,
} from './media-store';

const TEMP_DIR = '.tmp';

function isMissing(err: unknown): boolean {
  return (err as { code?: string }).code === 'ENOENT';
}

/**
 * A read stream of the file, opened before it is handed out: a file deleted meanwhile (between head
 * and open, say) is null, "not found", rather than a stream that breaks once read.
 */
async function openOrNull(file: string, range?: ByteRange): Promise<Readable | null> {
  const body = createReadStream(file, range ? { start: range.start, end: range.end } : {});
  try {
    await new Promise<void>((resolve, reject) => {
      body.once('open', () => resolve());
      body.once('error', reject);
    });
  } catch (err) {
    if (isMissing(err)) return null;
    throw err;
  }
  return body;
}

export class DiskMediaStore implements MediaStore {
  readonly kind = 'disk';
  private readonly tempDir: string;

  constructor(private readonly root: string) {
    this.tempDir = path.join(root, TEMP_DIR);
  }

  private file(name: string): string {
    return path.join(this.root, checkedObjectName(name));
  }

  private tempFile(tempKey: string): string {
    return path.join(this.tempDir, checkedTempKey(tempKey));
  }

  async check(): Promise<void> {
    try {
      await fs.mkdir(this.tempDir, { recursive: true });
      await fs.access(this.tempDir, fs.constants.W_OK);
    } catch (err) {
      throw new MediaStoreCheckError(`MEDIA_DIR=${JSON.stringify(this.root)}: cannot write there (${(err as { code?: string }).code ?? String(err)})`);
    }
  }

  async putTemp(body: Readable | Buffer, options: PutOptions = {}): Promise<TempObject> {
    await fs.mkdir(this.tempDir, { recursive: true });
    const tempKey = newTempKey();
    const file = this.tempFile(tempKey);
    // Create the file before streaming into it with 'r+' (which never creates): a lazily opened
    // stream could otherwise create it after a failed upload's cleanup had already run.
    await fs.writeFile(file, '', { flag: 'wx' });
    try {
      if (Buffer.isBuffer(body)) {
        checkBufferSize(body, options.maxBytes);
        await fs.writeFile(file, body, { flag: 'r+' });
      } else {
        await pipeline(body, new ByteLimit(options.maxBytes), createWriteStream(file, { flags: 'r+' }));
      }
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
      if (isMissing(err) && (await this.head(to))) return;
      throw err;
    }
  }

  async head(name: string): Promise<ObjectInfo | null> {
    try {
      const info = await fs.stat(this.file(name));
      if (!info.isFile()) return null;
      return {
        size: info.size,
        modifiedAt: info.mtime,
        etag: `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`,
        contentType: contentTypeOf(name),
      };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async get(name: string, range?: ByteRange): Promise<StoredObject | null> {
    const info = await this.head(name);
    if (!info) return null;
    const body = await openOrNull(this.file(name), range);
    return body ? { info, body } : null;
  }

  async delete(name: string): Promise<void> {
    await fs.rm(this.file(name), { force: true });
  }

  async discardTemp(tempKey: string): Promise<void> {
    await fs.rm(this.tempFile(tempKey), { force: true });
  }

  async readTemp(tempKey: string): Promise<Readable | null> {
    return openOrNull(this.tempFile(tempKey));
  }

  async list(): Promise<string[]> {
    const out: string[] = [];
    for (const dir of ['', 'pending']) {
      let names: string[];
      try {
        names = await fs.readdir(path.join(this.root, dir));
      } catch (err) {
        if (isMissing(err)) continue;
        throw err;
      }
      for (const name of names) {
        const full = dir ? `${dir}/${name}` : name;
        if (isObjectName(full)) out.push(full);
      }
    }
    return out.sort();
  }

  async listTemp(): Promise<TempInfo[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.tempDir);
    } catch (err) {
      if (isMissing(err)) return [];
      throw err;
    }
    const out: TempInfo[] = [];
    for (const name of names) {
      try {
        const info = await fs.stat(path.join(this.tempDir, name));
        out.push({ tempKey: name, modifiedAt: info.mtime });
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    }
    return out;
  }

  async sweepTemp(olderThan: Date): Promise<number> {
    let removed = 0;
    for (const temp of await this.listTemp()) {
      if (temp.modifiedAt < olderThan) {
        await fs.rm(path.join(this.tempDir, temp.tempKey), { force: true, recursive: true });
        removed += 1;
      }
    }
    return removed;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
