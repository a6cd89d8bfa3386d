// Re-frames recorded envelope records into the other input formats, and checks and counts them.
//
// Formats are those of docs/formats.md: raw NDJSON, pcap-style transcript and JSON document, all
// derived from the envelope records of a wrap capture, so every sample is real traffic.

/** Raw NDJSON: the exact wire lines, nothing else. */
export const toRawNdjson = (records) =>
  records
    .filter((r) => r.dir)
    .map((r) => r.line + '\n')
    .join('');

/** JSON document: { source, records: [envelope with the parsed message under "message"] }. */
export function toJsonDocument(records, source) {
  const out = records.map((r) => {
    if (!r.dir) return r;
    const { line, ...rest } = r;
    return { ...rest, message: JSON.parse(line) };
  });
  return JSON.stringify({ source, records: out }, null, 2) + '\n';
}

const clock = (ts) => ts.slice(11, 23); // HH:MM:SS.mmm of an ISO UTC time

/**
 * pcap-style transcript: `[HH:MM:SS.mmm] -> json` / `<- json`, events as `!! name {data}`.
 * The initialize request and its response are pretty-printed over several lines.
 */
export function toTranscript(records, { session, header }) {
  const out = header.map((line) => `# ${line}`);
  out.push(`=== session ${session} ===`);
  let initializeId;
  for (const r of records) {
    const at = `[${clock(r.ts)}]`;
    if (r.event) {
      const { ts, event, ...data } = r;
      out.push(`${at} !! ${event}${Object.keys(data).length ? ' ' + JSON.stringify(data) : ''}`);
      continue;
    }
    const message = JSON.parse(r.line);
    let pretty = false;
    if (r.dir === 'c2s' && message.method === 'initialize') {
      initializeId = message.id;
      pretty = true;
    } else if (r.dir === 's2c' && initializeId !== undefined && message.id === initializeId && !message.method) {
      pretty = true;
    }
    out.push(`${at} ${r.dir === 'c2s' ? '->' : '<-'} ${pretty ? JSON.stringify(message, null, 2) : r.line}`);
  }
  return out.join('\n') + '\n';
}

const other = (dir) => (dir === 'c2s' ? 's2c' : 'c2s');
const keyOf = (dir, id) => `${dir} ${typeof id} ${JSON.stringify(id)}`;

/**
 * Counts messages per direction, kind and method (responses take their request's method) and
 * collects problems (unanswered requests other than cancelled ones, unparsable lines) and
 * observations (spec-relevant behaviour worth knowing about).
 */
export function analyze(records) {
  const counts = new Map();
  const problems = [];
  const observations = [];
  const pending = new Map(); // request key -> { method, index }
  const cancelled = new Map(); // request key -> ts of notifications/cancelled
  const progressOwners = new Map(); // progress token -> key of the request that carried it
  let initialized = false;
  let clientCaps = null;
  let serverCaps = null;
  const bump = (key) => counts.set(key, (counts.get(key) ?? 0) + 1);
  records.forEach((r, index) => {
    if (!r.dir) return;
    let m;
    try {
      m = JSON.parse(r.line);
    } catch {
      problems.push(`record ${index + 1}: line is not JSON`);
      return;
    }
    if (m.method !== undefined && m.id !== undefined) {
      bump(`${r.dir} request ${m.method}`);
      pending.set(keyOf(r.dir, m.id), { method: m.method, index });
      const token = m.params?._meta?.progressToken;
      if (token !== undefined) progressOwners.set(keyOf(r.dir, token), keyOf(r.dir, m.id));
      if (m.method === 'initialize') clientCaps = m.params?.capabilities ?? {};
      if (!initialized && r.dir === 's2c')
        observations.push(`record ${index + 1}: server request ${m.method} before notifications/initialized`);
      if (!initialized && r.dir === 'c2s' && !['initialize', 'ping'].includes(m.method))
        observations.push(`record ${index + 1}: client request ${m.method} before notifications/initialized`);
      if (r.dir === 's2c') checkClientCap(m, clientCaps, index, observations);
    } else if (m.method !== undefined) {
      bump(`${r.dir} notification ${m.method}`);
      if (m.method === 'notifications/initialized') initialized = true;
      else if (!initialized && r.dir === 's2c')
        observations.push(`record ${index + 1}: server notification ${m.method} before notifications/initialized`);
      // The sender cancels one of its own requests (spec: cancellation).
      if (m.method === 'notifications/cancelled') cancelled.set(keyOf(r.dir, m.params?.requestId), r.ts);
      if (m.method === 'notifications/progress') {
        const owner = progressOwners.get(keyOf(other(r.dir), m.params?.progressToken));
        if (owner && cancelled.has(owner))
          observations.push(
            `record ${index + 1}: progress for a request cancelled at ${cancelled.get(owner)} (token ${JSON.stringify(m.params.progressToken)})`,
          );
        if (owner && !pending.has(owner) && !cancelled.has(owner))
          observations.push(`record ${index + 1}: progress after the request was answered`);
      }
      if (r.dir === 's2c') checkServerCap(m.method, serverCaps, index, observations);
    } else {
      const key = keyOf(other(r.dir), m.id);
      const request = pending.get(key);
      const kind = m.error ? 'error' : 'result';
      bump(`${r.dir} ${kind} ${request?.method ?? '(unpaired)'}`);
      if (!request) problems.push(`record ${index + 1}: response to unknown id ${JSON.stringify(m.id)}`);
      if (cancelled.has(key))
        observations.push(`record ${index + 1}: response to request ${JSON.stringify(m.id)} after it was cancelled`);
      if (request?.method === 'initialize' && m.result) serverCaps = m.result.capabilities ?? {};
      if (request?.method === 'completion/complete' && serverCaps && !serverCaps.completions)
        observations.push(`record ${index + 1}: completion/complete answered but server did not declare completions`);
      pending.delete(key);
    }
  });
  for (const [key, { method, index }] of pending) {
    if (!cancelled.has(key))
      problems.push(`record ${index + 1}: ${key.split(' ')[0]} request ${method} never answered`);
  }
  return { counts, problems, observations: [...new Set(observations)] };
}

// Server-sent notifications that need a server capability (spec: capability negotiation).
const SERVER_NOTIFICATION_CAPS = {
  'notifications/message': (c) => c.logging,
  'notifications/resources/updated': (c) => c.resources?.subscribe,
  'notifications/resources/list_changed': (c) => c.resources?.listChanged,
  'notifications/tools/list_changed': (c) => c.tools?.listChanged,
  'notifications/prompts/list_changed': (c) => c.prompts?.listChanged,
};

function checkServerCap(method, caps, index, observations) {
  const test = SERVER_NOTIFICATION_CAPS[method];
  if (test && caps && !test(caps)) observations.push(`record ${index + 1}: ${method} without the server capability`);
}

function checkClientCap(m, caps, index, observations) {
  if (!caps) return;
  const need = {
    'sampling/createMessage': caps.sampling,
    'elicitation/create': m.params?.mode === 'url' ? caps.elicitation?.url : caps.elicitation,
    'roots/list': caps.roots,
    'tasks/get': caps.tasks,
    'tasks/result': caps.tasks,
  };
  if (m.method in need && !need[m.method])
    observations.push(`record ${index + 1}: ${m.method} without the client capability`);
  if (m.params?.task) {
    const [group, verb] = m.method.split('/');
    if (!caps.tasks?.requests?.[group]?.[verb])
      observations.push(
        `record ${index + 1}: task-augmented ${m.method} without client tasks.requests.${group}.${verb}`,
      );
  }
}

/** Human summary: one line per direction/kind/method with its count. */
export function formatCounts(counts) {
  return [...counts.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, n]) => {
      const [dir, kind, method] = key.split(' ');
      return `  ${String(n).padStart(3)}  ${dir}  ${kind.padEnd(12)}  ${method}`;
    })
    .join('\n');
}
