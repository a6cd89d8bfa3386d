// The reference for `bench/proxy.mjs`: the least a Node HTTP reverse proxy can do. node:http in, node:http out with a
// keep-alive agent, `.pipe()` both ways, headers passed as node parsed them: no capture, no hop-by-hop handling, no
// error answers. The gap between it and a direct connection is what a proxy process costs before mcptrace does any work.
//
//   node bench/http-forward.mjs TARGET_URL     (prints `MCP server URL: …` on stderr once it listens)
import http from 'node:http';

const target = new URL(process.argv[2]);
const agent = new http.Agent({ keepAlive: true });
const server = http.createServer((req, res) => {
  const up = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers, agent },
    (ur) => {
      res.writeHead(ur.statusCode, ur.headers);
      ur.pipe(res);
    },
  );
  req.pipe(up);
});
server.listen(0, '127.0.0.1', () =>
  process.stderr.write(`MCP server URL: http://127.0.0.1:${server.address().port}${target.pathname}\n`),
);
process.on('SIGINT', () => process.exit(0));
