// A real terminal for full-screen tests: a tmux server of the test's own (its socket in a temporary folder), one
// session running a command at a given size; keys are sent to it and its screen is read back as text.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CLI_PATH, REPO_ROOT, assertBuilt, childEnv } from './cli.js';
import { tempDir } from './temp.js';

const run = promisify(execFile);

/** How long a screen may take to show what a test waits for (a loaded machine), and how often it is looked at. */
const WAIT_MS = 20_000;
const POLL_MS = 50;

export class Tmux {
  private constructor(private readonly socket: string) {}

  /**
   * `mcptrace ARGS` in a terminal of `width`×`height`, from the repository root (its stdin the terminal, or
   * `stdinFrom` piped), in a shell that prints
   * `exit N` and whether the terminal is in canonical mode (`icanon`, or `-icanon` when left raw) after it ends.
   */
  static async mcptrace(
    args: readonly string[],
    width: number,
    height: number,
    opts: { stdinFrom?: string } = {},
  ): Promise<Tmux> {
    assertBuilt();
    const socket = join(tempDir('tmux'), 'socket');
    const quote = (a: string) => `'${a.replace(/'/g, "'\\''")}'`;
    // With `stdinFrom`, the file is piped to mcptrace's stdin: the keys then come from the terminal itself.
    const command =
      (opts.stdinFrom === undefined ? '' : `cat ${quote(opts.stdinFrom)} | `) +
      [process.execPath, CLI_PATH, ...args].map(quote).join(' ');
    const script = `${command}; echo "exit $?"; stty -a | tr ' ;' '\\n\\n' | grep -x -- '-\\?icanon'; exec sleep 600`;
    const t = new Tmux(socket);
    await run(
      'tmux',
      [
        '-S',
        socket,
        '-f',
        '/dev/null',
        'new-session',
        '-d',
        '-x',
        String(width),
        '-y',
        String(height),
        '-c',
        REPO_ROOT,
        'sh',
        '-c',
        script,
      ],
      {
        env: childEnv({ TERM: 'xterm-256color' }),
      },
    );
    return t;
  }

  /** The screen as text, one line per row, trailing spaces trimmed. */
  async screen(): Promise<string> {
    const { stdout } = await run('tmux', ['-S', this.socket, 'capture-pane', '-p', '-t', '0']);
    return stdout
      .split('\n')
      .map((l) => l.trimEnd())
      .join('\n');
  }

  /** Whether the terminal is on its alternate screen, and whether the cursor is shown. */
  async modes(): Promise<{ alternate: boolean; cursor: boolean }> {
    const { stdout } = await run('tmux', [
      '-S',
      this.socket,
      'display-message',
      '-p',
      '-t',
      '0',
      '#{alternate_on} #{cursor_flag}',
    ]);
    const [alternate, cursor] = stdout.trim().split(' ');
    return { alternate: alternate === '1', cursor: cursor === '1' };
  }

  /** Keys by tmux's names (`Enter`, `Escape`, `Down`, `C-c`) or single characters. */
  async keys(...keys: string[]): Promise<void> {
    await run('tmux', ['-S', this.socket, 'send-keys', '-t', '0', ...keys]);
  }

  /** Text typed as it is. */
  async type(text: string): Promise<void> {
    await run('tmux', ['-S', this.socket, 'send-keys', '-t', '0', '-l', text]);
  }

  async resize(width: number, height: number): Promise<void> {
    await run('tmux', ['-S', this.socket, 'resize-window', '-t', '0', '-x', String(width), '-y', String(height)]);
  }

  /** The process id of the command the session runs (the shell, then what it runs). */
  async panePid(): Promise<number> {
    const { stdout } = await run('tmux', ['-S', this.socket, 'display-message', '-p', '-t', '0', '#{pane_pid}']);
    return Number(stdout.trim());
  }

  /** Polls the screen until `test` holds (bounded); returns that screen, or throws with the last one seen. */
  async waitFor(test: (screen: string) => boolean, what: string): Promise<string> {
    const until = Date.now() + WAIT_MS;
    let screen = '';
    for (;;) {
      screen = await this.screen();
      if (test(screen)) return screen;
      if (Date.now() > until) throw new Error(`the screen never showed ${what}; it shows:\n${screen}`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async kill(): Promise<void> {
    await run('tmux', ['-S', this.socket, 'kill-server']).catch(() => {});
  }
}
