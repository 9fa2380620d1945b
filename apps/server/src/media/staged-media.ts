// Temp-then-promote for one upload (STYLE habit 7): the objects of an upload are written to
// temporary keys, the database row is written, and only then are the objects promoted to their
// final names. Any failure on the way leaves neither objects nor row.
import type { FastifyBaseLogger } from 'fastify';
import type { PictureKind } from '@recuerdos/shared/media';
import type { MediaStore, TempObject } from '../storage/media-store';
import { objectNames, objectSuffixes, ORIGINAL_SUFFIX, POSTER_SUFFIX, type MediaKind, type MediaShape } from './media-keys';
import { processPicture } from './picture';

interface StagedPart {
  tempKey: string;
  suffix: string;
}

export class StagedMedia {
  private constructor(
    private readonly store: MediaStore,
    readonly kind: MediaKind,
    private readonly parts: StagedPart[],
  ) {}

  /** Re-encodes a picture (400 when it is not a valid PNG/JPEG) and writes its sizes as temporaries. */
  static async picture(store: MediaStore, input: Buffer, pictureKind: PictureKind): Promise<StagedMedia> {
    const processed = await processPicture(input, pictureKind);
    const shape: MediaShape = { kind: 'picture', picture: pictureKind };
    return StagedMedia.encoded(store, shape, [processed.jpeg, ...processed.webp.map((variant) => variant.data)]);
  }

  /**
   * Objects already encoded by the pipeline, one body per suffix of `shape` in that order (the
   * demo's pictures, shipped encoded): written as temporaries as they are.
   */
  static async encoded(store: MediaStore, shape: MediaShape, bodies: Buffer[]): Promise<StagedMedia> {
    const suffixes = objectSuffixes(shape);
    const staged = new StagedMedia(store, shape.kind, []);
    try {
      for (const [index, body] of bodies.entries()) {
        const temp = await store.putTemp(body);
        staged.parts.push({ tempKey: temp.tempKey, suffix: suffixes[index] ?? '' });
      }
    } catch (err) {
      await staged.discard();
      throw err;
    }
    return staged;
  }

  /**
   * A video and its poster frame, already written to temporary objects while the request was read;
   * without a poster, the original of a video still to convert (`<key>-original`).
   */
  static video(store: MediaStore, temp: TempObject, poster: TempObject | null): StagedMedia {
    if (!poster) return new StagedMedia(store, 'video', [{ tempKey: temp.tempKey, suffix: ORIGINAL_SUFFIX }]);
    const [video = '.mp4', frame = '-poster.jpg'] = objectSuffixes({ kind: 'video' });
    return new StagedMedia(store, 'video', [
      { tempKey: temp.tempKey, suffix: video },
      { tempKey: poster.tempKey, suffix: frame },
    ]);
  }

  /** Promotes every object under `key`; on failure removes what was promoted and what is left. */
  async promote(key: string): Promise<void> {
    const done: string[] = [];
    try {
      for (const part of this.parts) {
        await this.store.promote(part.tempKey, key + part.suffix);
        done.push(key + part.suffix);
      }
    } catch (err) {
      await Promise.allSettled(done.map((name) => this.store.delete(name)));
      await this.discard();
      throw err;
    }
  }

  /** Removes the temporaries (idempotent: promoted ones are already gone from the temp area). */
  async discard(): Promise<void> {
    await Promise.allSettled(this.parts.map((part) => this.store.discardTemp(part.tempKey)));
  }

  /**
   * DESIGN §6: writes the row, then promotes the objects under `key`. If the row fails, the
   * temporaries go; if promotion fails, the row is undone too.
   */
  async commit<T>(
    key: string,
    writeRow: () => Promise<T>,
    undoRow: (row: T) => Promise<void>,
    log: FastifyBaseLogger,
  ): Promise<T> {
    let row: T;
    try {
      row = await writeRow();
    } catch (err) {
      await this.discard();
      throw err;
    }
    try {
      await this.promote(key);
    } catch (err) {
      await undoRow(row).catch((undoErr: unknown) => log.error({ err: undoErr }, 'Could not undo a row after its media failed'));
      throw err;
    }
    return row;
  }
}

/** Removes every object of a key after its row is gone; a failure only leaves an orphan, so it is logged. */
export async function deleteMedia(store: MediaStore, key: string, shape: MediaShape, log: FastifyBaseLogger): Promise<void> {
  // A video still converting has only its original.
  const names = shape.kind === 'video' ? [...objectNames(key, shape), key + ORIGINAL_SUFFIX] : objectNames(key, shape);
  const results = await Promise.allSettled(names.map((name) => store.delete(name)));
  for (const result of results) {
    if (result.status === 'rejected') log.error({ err: result.reason as unknown, key }, 'Could not delete a media object');
  }
}

/** Renames every object of a key (an approved upload leaving `pending/`); undoes itself on failure. */
export async function moveMedia(store: MediaStore, from: string, to: string, shape: MediaShape): Promise<void> {
  const sources = objectNames(from, shape);
  const targets = objectNames(to, shape);
  const moved: number[] = [];
  try {
    for (const [index, source] of sources.entries()) {
      // A video sent before poster frames existed has none until the backfill gives it one.
      if (source.endsWith(POSTER_SUFFIX) && !(await store.head(source))) continue;
      await store.move(source, targets[index] ?? '');
      moved.push(index);
    }
  } catch (err) {
    await Promise.allSettled(moved.map((index) => store.move(targets[index] ?? '', sources[index] ?? '')));
    throw err;
  }
}
