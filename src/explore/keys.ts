// The explorer's keys as data: each action, the keys that do it (as `keyName` names them) and what the help says.
// The help pane, the help bar and docs/explore.md are written from this table.

export type Action =
  | 'down'
  | 'up'
  | 'pageDown'
  | 'pageUp'
  | 'first'
  | 'last'
  | 'detail'
  | 'detailDown'
  | 'detailUp'
  | 'pair'
  | 'nextFinding'
  | 'prevFinding'
  | 'nextError'
  | 'prevError'
  | 'goto'
  | 'filter'
  | 'clearFilter'
  | 'sessions'
  | 'story'
  | 'why'
  | 'help'
  | 'back'
  | 'quit';

interface Binding {
  action: Action;
  keys: readonly string[];
  /** The keys as the help shows them. */
  shown: string;
  help: string;
  /** In the help bar at the bottom (the short word it shows there). */
  bar?: string;
}

export const BINDINGS: readonly Binding[] = [
  { action: 'down', keys: ['down', 'j'], shown: '↓ j', help: 'next message' },
  { action: 'up', keys: ['up', 'k'], shown: '↑ k', help: 'previous message' },
  { action: 'pageDown', keys: ['pagedown', 'space', 'C-f'], shown: 'PgDn Space', help: 'a screen down' },
  { action: 'pageUp', keys: ['pageup', 'b', 'C-b'], shown: 'PgUp b', help: 'a screen up' },
  { action: 'first', keys: ['home', 'g'], shown: 'Home g', help: 'first message' },
  { action: 'last', keys: ['end', 'G'], shown: 'End G', help: 'last message (and stay there as messages come)' },
  {
    action: 'detail',
    keys: ['return', 'enter'],
    shown: 'Enter',
    help: 'open or close the detail pane: the body, the pair, the findings, the HTTP exchange',
    bar: 'detail',
  },
  { action: 'detailDown', keys: ['J', 'C-d'], shown: 'J', help: 'scroll the detail pane (or a pane) down' },
  { action: 'detailUp', keys: ['K', 'C-u'], shown: 'K', help: 'scroll the detail pane (or a pane) up' },
  {
    action: 'pair',
    keys: ['p', '%'],
    shown: 'p',
    help: "go to the message's pair: a request's answer, an answer's request",
    bar: 'pair',
  },
  { action: 'nextFinding', keys: ['n'], shown: 'n', help: 'next message with a finding or a failure', bar: 'finding' },
  { action: 'prevFinding', keys: ['N'], shown: 'N', help: 'previous message with a finding or a failure' },
  {
    action: 'nextError',
    keys: ['e'],
    shown: 'e',
    help: 'next error: a JSON-RPC error, isError, an invalid message, an error finding',
    bar: 'error',
  },
  { action: 'prevError', keys: ['E'], shown: 'E', help: 'previous error' },
  { action: 'goto', keys: [':', '#'], shown: ':', help: 'go to a record number (#12)', bar: 'go to' },
  {
    action: 'filter',
    keys: ['/'],
    shown: '/',
    help: 'filter with the --where language (method == "tools/call", isError, latency > 1s)',
    bar: 'filter',
  },
  { action: 'clearFilter', keys: ['\\'], shown: '\\', help: 'clear the filter' },
  { action: 'sessions', keys: ['s'], shown: 's', help: 'the sessions; Enter goes to the chosen one', bar: 'sessions' },
  {
    action: 'story',
    keys: ['t'],
    shown: 't',
    help: 'the story of the selected request: its messages in order',
    bar: 'story',
  },
  { action: 'why', keys: ['w'], shown: 'w', help: 'the diagnosis, as mcptrace why says it', bar: 'why' },
  { action: 'help', keys: ['?', 'h'], shown: '?', help: 'this help', bar: 'help' },
  { action: 'back', keys: ['escape'], shown: 'Esc', help: 'back to the list (close a pane, the detail, the prompt)' },
  { action: 'quit', keys: ['q', 'C-c'], shown: 'q', help: 'quit (in a pane: back to the list)', bar: 'quit' },
];

const BY_KEY: ReadonlyMap<string, Action> = new Map(BINDINGS.flatMap((b) => b.keys.map((k) => [k, b.action] as const)));

/** The action of a key name, or undefined. */
export function actionOf(key: string): Action | undefined {
  return BY_KEY.get(key);
}

/** What Node's keypress parser reports, as far as the names go. */
export interface KeyPress {
  name?: string;
  sequence?: string;
  ctrl?: boolean;
  meta?: boolean;
  shift?: boolean;
}

/** The key's name as the table writes it: `down`, `C-c`, `G`, `?`, `space`. */
export function keyName(str: string | undefined, key: KeyPress | undefined): string {
  if (key?.ctrl && key.name) return `C-${key.name}`;
  if (key?.name === 'space') return 'space';
  if (key?.name && key.name.length > 1) return key.name;
  if (str !== undefined && str.length === 1) return str;
  return key?.name ?? str ?? '';
}
