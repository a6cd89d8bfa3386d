// A test server on 127.0.0.1 at a free port, and how to stop it with its open connections (keep-alive, held answers).
import { once } from 'node:events';
import type { Server } from 'node:http';
import type { Server as HttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface Listening {
  port: number;
  /** Closes every connection, then the server; resolves when it is closed. */
  stop(): Promise<void>;
}

export async function listenLocal(server: Server | HttpsServer): Promise<Listening> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    port: (server.address() as AddressInfo).port,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
