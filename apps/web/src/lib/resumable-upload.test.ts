// The tus client (issue 13 §4) against a stand-in server: a connection that drops mid-PATCH is
// resumed from the offset the server reports, not from the start; when it keeps failing the send
// rejects with the network message, and sending again goes on with the same upload.
import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-client';
import { createResumableUpload } from './resumable-upload';

interface Server {
  length: number;
  received: Uint8Array[];
  offset: number;
  /** Bytes the next PATCHes take before their connection drops (one entry per PATCH; null: no drop). */
  drops: (number | null)[];
  log: string[];
  refuseCreate?: { status: number; body: string };
}

function fakeXhr(server: Server) {
  return class {
    method = '';
    url = '';
    headers: Record<string, string> = {};
    status = 0;
    responseText = '';
    responseHeaders: Record<string, string> = {};
    upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    getResponseHeader(name: string) {
      return this.responseHeaders[name.toLowerCase()] ?? null;
    }
    send(body: Blob | null) {
      server.log.push(this.method);
      void this.answer(body);
    }
    private async answer(body: Blob | null) {
      await Promise.resolve();
      if (this.method === 'POST') {
        if (server.refuseCreate) {
          this.status = server.refuseCreate.status;
          this.responseText = server.refuseCreate.body;
        } else {
          server.length = Number(this.headers['Upload-Length']);
          this.status = 201;
          this.responseHeaders.location = '/api/uploads/AAAAAAAAAAAAAAAAAAAAAA';
        }
      } else if (this.method === 'DELETE') {
        server.offset = 0;
        server.received = [];
        this.status = 204;
      } else if (this.method === 'HEAD') {
        this.status = 200;
        this.responseHeaders['upload-offset'] = String(server.offset);
      } else if (this.method === 'PATCH') {
        if (Number(this.headers['Upload-Offset']) !== server.offset) {
          this.status = 409;
          this.responseText = '{"code":"409","message":"fuera de paso"}';
        } else {
          const bytes = new Uint8Array(await (body as Blob).arrayBuffer());
          const drop = server.drops.shift() ?? null;
          const taken = drop === null ? bytes : bytes.subarray(0, drop);
          server.received.push(taken);
          server.offset += taken.length;
          this.upload.onprogress?.({ loaded: taken.length });
          if (drop !== null) {
            this.onerror?.();
            return;
          }
          this.status = 204;
          this.responseHeaders['upload-offset'] = String(server.offset);
        }
      }
      this.onload?.();
    }
  };
}

const fileOf = (size: number) => new Blob([Uint8Array.from({ length: size }, (_, i) => i % 251)]);
const joined = (parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((part) => [...part]));

function setUp(extra: Partial<Server> = {}) {
  const server: Server = { length: 0, received: [], offset: 0, drops: [], log: [], ...extra };
  const Xhr = fakeXhr(server);
  return { server, createXhr: () => new Xhr() as unknown as XMLHttpRequest };
}

describe('a resumable upload', () => {
  it('resumes from the offset the server has after a dropped connection', async () => {
    // The second PATCH drops after 1000 of its bytes.
    const { server, createXhr } = setUp({ drops: [null, 1000] });
    const file = fileOf(10_000);
    const progress: number[] = [];
    const upload = createResumableUpload({ file, metadata: { identifier: 'abc' }, chunkBytes: 4096, retryDelays: [0], createXhr });
    const sent = upload.send((percent) => progress.push(percent));
    expect(await sent).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(joined(server.received)).toEqual(new Uint8Array(await file.arrayBuffer()));
    // One upload; after the drop the client asked where to go on (HEAD) instead of starting again.
    expect(server.log.filter((m) => m === 'POST')).toHaveLength(1);
    expect(server.log).toEqual(['POST', 'PATCH', 'PATCH', 'HEAD', 'PATCH', 'PATCH']);
    expect(server.received.map((part) => part.length)).toEqual([4096, 1000, 4096, 808]);
    expect(progress.at(-1)).toBe(100);
  });

  it('rejects with the network message when the connection stays down, and a new send goes on with the same upload', async () => {
    const { server, createXhr } = setUp({ drops: [500, 0] });
    const file = fileOf(3000);
    const upload = createResumableUpload({ file, metadata: { identifier: 'abc' }, chunkBytes: 4096, retryDelays: [0], createXhr });
    const failed = await upload.send().catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ code: 'network', message: NETWORK_ERROR_MESSAGE });
    expect(server.offset).toBe(500);

    // "Reintentar": the same upload, from byte 500.
    expect(await upload.send()).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(server.log.filter((m) => m === 'POST')).toHaveLength(1);
    expect(joined(server.received)).toEqual(new Uint8Array(await file.arrayBuffer()));
  });

  it('says the server’s refusal in its words', async () => {
    const { createXhr } = setUp({ refuseCreate: { status: 413, body: '{"code":"413","message":"El video seleccionado excede los 50 MB","data":{}}' } });
    const upload = createResumableUpload({ file: fileOf(10), metadata: { identifier: 'abc' }, createXhr });
    await expect(upload.send()).rejects.toMatchObject({ code: '413', message: 'El video seleccionado excede los 50 MB' });
  });

  it('given up after a failure, asks the server to delete the upload, once; the next send starts a new one', async () => {
    const { server, createXhr } = setUp({ drops: [500, 0] });
    const file = fileOf(3000);
    const upload = createResumableUpload({ file, metadata: { identifier: 'abc' }, chunkBytes: 4096, retryDelays: [0], createXhr });
    await upload.send().catch(() => undefined);
    expect(upload.url).toMatch(/\/api\/uploads\/A+$/);
    upload.abandon();
    upload.abandon();
    expect(server.log.filter((m) => m === 'DELETE')).toHaveLength(1);
    expect(upload.url).toBeNull();
    expect(await upload.send()).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(server.log.filter((m) => m === 'POST')).toHaveLength(2);
  });

  it('never created, has nothing to delete', () => {
    const { server, createXhr } = setUp();
    createResumableUpload({ file: fileOf(10), metadata: { identifier: 'abc' }, createXhr }).abandon();
    expect(server.log).toEqual([]);
  });
});
