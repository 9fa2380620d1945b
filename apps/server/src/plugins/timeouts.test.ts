// Slow clients (issue 12 §4): headers must arrive in time, and a body must keep moving at a minimum
// rate: a body that trickles in is cut, while a slow but steady upload that lasts many times the
// window completes. The windows are made small here so the test runs in seconds; nothing is timed.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/helper';
import { ok } from '../http/reply';
import { readUpload } from '../http/upload';

let t: TestServer;
const WINDOW_MS = 400;
const MIN_BYTES = 2048;

beforeAll(async () => {
  t = await startTestServer({
    http: { headersMs: 300, checkIntervalMs: 50, bodyWindowMs: WINDOW_MS, bodyMinBytes: MIN_BYTES },
    routes(app) {
      app.post('/api/test/upload', { config: { multipartFiles: true } }, async (request) => {
        const upload = await readUpload(request, { maxFileBytes: 4 * 1024 * 1024 });
        return ok({ size: upload.file ? upload.file.result.buffer.length : 0 });
      });
    },
  });
});
afterAll(async () => {
  await t.close();
});

function connect(): Promise<{ socket: net.Socket; received: () => string; closed: () => boolean }> {
  const { port } = t.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let data = '';
    let closed = false;
    socket.on('data', (chunk: Buffer) => {
      data += chunk.toString('latin1');
    });
    socket.on('close', () => {
      closed = true;
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed: () => closed }));
    socket.once('error', reject);
  });
}

const BOUNDARY = 'limite';
const FILE_HEAD = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const FILE_TAIL = `\r\n--${BOUNDARY}--\r\n`;

describe('slow clients', () => {
  it('cuts a body that trickles in below the minimum rate', async () => {
    const { socket, closed } = await connect();
    socket.write(
      `POST /api/test/upload HTTP/1.1\r\nHost: recuerdos.test\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: 200000\r\n\r\n${FILE_HEAD}`,
    );
    let sent = 0;
    // 16 bytes every 50 ms: a few hundred bytes a second, far below 2 KiB per window. Give up
    // after 15 windows: a server that has not cut it by then never will.
    for (let tick = 0; tick < (15 * WINDOW_MS) / 50 && !closed(); tick++) {
      socket.write('x'.repeat(16));
      sent += 16;
      await sleep(50);
    }
    expect(closed()).toBe(true);
    expect(sent).toBeLessThan(200_000);
    socket.destroy();
  });

  it('lets a slow but steady upload that lasts many windows complete', async () => {
    const chunk = new Uint8Array(4096).fill(7);
    const chunks = 64;
    const encoder = new TextEncoder();
    let index = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index === 0) controller.enqueue(encoder.encode(FILE_HEAD));
        if (index < chunks) {
          // 4 KiB every 40 ms ≈ 100 KiB/s: steady, and over 2.5 s, about six windows.
          await sleep(40);
          controller.enqueue(chunk);
          index += 1;
        } else {
          controller.enqueue(encoder.encode(FILE_TAIL));
          controller.close();
        }
      },
    });
    const res = await fetch(`${t.url}/api/test/upload`, {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      body,
      // Node's fetch sends a streamed body only half-duplex (chunked, no Content-Length).
      duplex: 'half',
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: { size: number } }).data.size).toBe(chunks * 4096);
  });

  it('answers 408 and closes when the headers themselves trickle in', async () => {
    const { socket, received, closed } = await connect();
    socket.write('GET /api/health HTTP/1.1\r\nHost: recuerdos.test\r\n');
    for (let tick = 0; tick < 50 && !closed(); tick++) {
      socket.write(`X-Lento-${tick}: a\r\n`);
      await sleep(100);
    }
    expect(closed()).toBe(true);
    expect(received()).toMatch(/^HTTP\/1\.1 408/);
    socket.destroy();
  });
});
