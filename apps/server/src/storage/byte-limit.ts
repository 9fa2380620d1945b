// Counts the bytes of a stream on their way to a store and fails it past a limit (and a body
// already in memory, the same way).
import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLargeError } from './media-store';

export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes: number = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) {
      callback(new ObjectTooLargeError(`Object larger than ${this.maxBytes} bytes`));
      return;
    }
    callback(null, chunk);
  }
}

/** A body already in memory, refused past the limit as ByteLimit refuses a stream. */
export function checkBufferSize(body: Buffer, maxBytes: number | undefined): void {
  if (maxBytes !== undefined && body.length > maxBytes) throw new ObjectTooLargeError(`Object larger than ${maxBytes} bytes`);
}
