// `PORT`, `HOST:PORT` or `[IPv6]:PORT`: where `proxy --listen` and `mock --http` listen (127.0.0.1 by default).
import { UsageError } from '../util/errors.js';

export const DEFAULT_HOST = '127.0.0.1';

/** The address `text` names; `flag` names the option in the error. */
export function listenAddress(text: string, flag: string): { host: string; port: number } {
  const m = /^(?:(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+)):)?(\d+)$/.exec(text.trim());
  const port = m === null ? NaN : Number(m[3]);
  if (m === null || port > 65535)
    throw new UsageError(`${flag} ${text}: give PORT, HOST:PORT or [IPv6]:PORT (port 0 to 65535)`);
  return { host: m[1] ?? m[2] ?? DEFAULT_HOST, port };
}
