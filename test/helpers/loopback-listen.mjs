// Preloaded (`node --import`) into servers the tests start: listen on 127.0.0.1 only, and say the port on stderr.
//
// server-everything's HTTP modes call `app.listen(PORT)`, which binds every interface and, given PORT=0, never says
// which port it got. With this, `listen(port)` binds 127.0.0.1, and once listening the server writes
// `mcptrace-test: listening on 127.0.0.1:PORT` to stderr, where the test reads its port.
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  const port = args[0];
  if ((typeof port === 'number' || (typeof port === 'string' && /^\d+$/.test(port))) && typeof args[1] !== 'string')
    args.splice(1, 0, '127.0.0.1');
  this.once('listening', () => {
    const a = this.address();
    if (a !== null && typeof a === 'object')
      process.stderr.write(`mcptrace-test: listening on ${a.address}:${a.port}\n`);
  });
  return listen.apply(this, args);
};
