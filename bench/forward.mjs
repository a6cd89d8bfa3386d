// The reference for `bench/wrap.mjs`: the least a Node stdio proxy can do. Runs the command with piped stdio and
// forwards both directions with `.pipe()`, nothing else (no capture, no line splitting, no timestamps), so the gap
// between it and a direct connection is what a third process in the path costs before wrap does any work.
import { spawn } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
process.stdin.pipe(child.stdin);
child.stdout.pipe(process.stdout);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
