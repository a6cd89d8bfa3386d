// A loopback OTLP/HTTP receiver for tests: it answers 200 and keeps each request (path, headers, body).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { listenLocal } from './listen.js';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export async function otlpReceiver(): Promise<{ url: string; received: Received[]; stop(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(200).end();
    });
  });
  const { port, stop } = await listenLocal(server);
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    stop,
  };
}
