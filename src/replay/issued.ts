// Values a server issues and a client sends back (a page's `nextCursor`, a 2026-07-28 `requestState`): in a replay the
// new server issues its own, so the recorded ones in the client's later requests are replaced by them. Data: where
// each is issued in a result, and where the client sends it back in params.

export const ISSUED: readonly { result: string; params: string }[] = [
  { result: 'nextCursor', params: 'cursor' },
  { result: 'requestState', params: 'requestState' },
];
