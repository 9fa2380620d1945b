// Requests released at the same instant, as an attacker does it ("last-byte sync"): every request is
// written but its last byte, over its own connection, and then all the last bytes go out together.
// The server receives N complete requests at once, so a limit that checks before it counts lets
// many through; one that counts first lets exactly its cap through.
import net from 'node:net';

export interface BurstRequest {
  path: string;
  body: Record<string, unknown>;
  headers?: Record<string, string>;
}

/** Sends every request at once; answers each one's HTTP status, in order. */
export async function releaseAtOnce(baseUrl: string, requests: readonly BurstRequest[]): Promise<number[]> {
  const { hostname, port } = new URL(baseUrl);
  const sockets = await Promise.all(
    requests.map(
      (request) =>
        new Promise<{ socket: net.Socket; last: string; answer: Promise<number> }>((resolve, reject) => {
          const socket = net.connect(Number(port), hostname);
          let data = '';
          const answer = new Promise<number>((done) => {
            socket.on('data', (chunk: Buffer) => {
              data += chunk.toString('latin1');
            });
            socket.on('close', () => done(Number(/^HTTP\/1\.1 (\d{3})/.exec(data)?.[1] ?? 0)));
          });
          socket.on('error', () => undefined);
          socket.once('error', reject);
          socket.once('connect', () => {
            const body = JSON.stringify(request.body);
            const headers = Object.entries({ ...request.headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), connection: 'close' })
              .map(([name, value]) => `${name}: ${value}\r\n`)
              .join('');
            const text = `POST ${request.path} HTTP/1.1\r\nhost: ${hostname}\r\n${headers}\r\n${body}`;
            socket.write(text.slice(0, -1), () => resolve({ socket, last: text.slice(-1), answer }));
          });
        }),
    ),
  );
  for (const { socket, last } of sockets) socket.write(last);
  return Promise.all(sockets.map((s) => s.answer));
}
