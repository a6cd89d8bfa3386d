// The scripted client sessions behind samples/: which calls, in which order, with which answers; each runs
// through `mcptrace wrap --out`, whose capture is the session's envelope sample.
//
// Calls run one at a time so the recorded order is stable; only the cancellation overlaps a
// request with its own notifications/cancelled. Every wait is bounded.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTaskStore } from '@modelcontextprotocol/sdk/experimental/tasks';
import {
  CallToolResultSchema,
  CreateMessageRequestSchema,
  CreateTaskResultSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { WrapTransport, delay, readCapture, wire } from './recorder.mjs';
import { ROOTS, cannedElicitation, cannedSampling, maybeAsTask } from './client-answers.mjs';

export const EVERYTHING_JS = 'node_modules/@modelcontextprotocol/server-everything/dist/index.js';
export const MEMORY_JS = 'node_modules/@modelcontextprotocol/server-memory/dist/index.js';
const CLIENT_INFO = { name: 'mcptrace-recorder', version: '0.1.0' };
const T = { timeout: 15000 }; // per-request bound

const log = (text) => process.stderr.write(`${text}\n`);

/** Runs one call; logs the outcome; an error (often the point of the call) never stops the script. */
async function step(label, fn) {
  try {
    const result = await fn();
    log(`  ok   ${label}`);
    return result;
  } catch (error) {
    log(`  err  ${label}: ${error?.message ?? error}`);
    return undefined;
  }
}

async function paginate(label, fetchPage) {
  let cursor;
  let pages = 0;
  do {
    const page = await step(`${label}${pages ? ` (page ${pages + 1})` : ''}`, () => fetchPage(cursor));
    cursor = page?.nextCursor;
    pages++;
  } while (cursor && pages < 20);
}

/** Records the server-everything session through `mcptrace wrap --out capture`; returns the capture's records. */
export async function recordEverything(cwd, capture) {
  const transport = new WrapTransport({ root: cwd, server: ['node', EVERYTHING_JS, 'stdio'], out: capture });
  const taskStore = new InMemoryTaskStore();
  const client = new Client(CLIENT_INFO, {
    capabilities: {
      roots: { listChanged: true },
      sampling: {},
      elicitation: { form: {}, url: {} },
      tasks: {
        list: {},
        cancel: {},
        requests: { sampling: { createMessage: {} }, elicitation: { create: {} } },
      },
    },
    taskStore,
  });
  client.onerror = (error) => log(`  (client onerror) ${error.message}`);
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: ROOTS }));
  client.setRequestHandler(CreateMessageRequestSchema, (req, extra) =>
    maybeAsTask(req, extra, cannedSampling(req.params)),
  );
  client.setRequestHandler(ElicitRequestSchema, (req, extra) => maybeAsTask(req, extra, cannedElicitation(req.params)));
  const call = (name, args = {}, options = {}) =>
    step(`tools/call ${name}`, () =>
      client.callTool({ name, arguments: args }, CallToolResultSchema, { ...T, ...options }),
    );

  try {
    await everythingCalls(client, transport, call);
  } finally {
    await transport.close(); // waits for wrap's exit record (client.close() closed it already)
    taskStore.cleanup();
  }
  return readCapture(capture);
}

async function everythingCalls(client, transport, call) {
  log('everything: connect');
  await client.connect(transport, T);
  // The server asks for roots 350 ms after notifications/initialized and logs the answer: let that
  // finish first so it does not interleave with our calls at a random place.
  await transport.waitFor(wire('s2c', 'roots/list'), { since: 0, timeout: 3000, label: 'initial roots/list' });
  await transport.waitFor(
    wire('s2c', 'notifications/message', (m) => /^Roots updated/.test(m.params?.data)),
    { since: 0, timeout: 3000, label: 'roots log message' },
  );
  await step('ping', () => client.ping(T));

  log('everything: tools');
  await paginate('tools/list', (cursor) => client.listTools(cursor ? { cursor } : undefined, T));
  await call('echo', { message: 'hello from mcptrace' });
  await call('get-sum', { a: 19, b: 23 });
  await call('get-tiny-image');
  await call('get-structured-content', { location: 'Chicago' });
  await call('get-annotated-message', { messageType: 'error', includeImage: true });
  await call('get-resource-links', { count: 3 });
  await call('get-resource-reference', { resourceType: 'Text', resourceId: 1 });
  await call('no-such-tool', { anything: true });
  const progress = [];
  await call(
    'trigger-long-running-operation',
    { duration: 2, steps: 4 },
    { onprogress: (p) => progress.push(p.progress) },
  );
  log(`       progress seen: ${progress.join(', ')}`);

  log('everything: cancellation');
  let mark = transport.mark();
  const abort = new AbortController();
  const fallback = setTimeout(() => abort.abort('timeout fallback'), 2500);
  await call(
    'trigger-long-running-operation',
    { duration: 3, steps: 3 },
    {
      signal: abort.signal,
      onprogress: () => abort.abort('mcptrace recorder: user cancelled the operation'),
    },
  );
  clearTimeout(fallback);
  // The tool ignores cancellation; wait out its remaining progress so it does not interleave later.
  const cancelled = transport.messages.slice(mark).find((m) => m?.method === 'tools/call');
  await transport.waitFor(
    wire(
      's2c',
      'notifications/progress',
      (m) => m.params.progressToken === cancelled?.params?._meta?.progressToken && m.params.progress === 3,
    ),
    { since: mark, timeout: 4000, label: 'last progress of the cancelled call' },
  );
  await delay(300); // a late response (if the server sent one anyway) would land here

  log('everything: resources');
  await paginate('resources/list', (cursor) => client.listResources(cursor ? { cursor } : undefined, T));
  await paginate('resources/templates/list', (cursor) =>
    client.listResourceTemplates(cursor ? { cursor } : undefined, T),
  );
  await step('resources/read static document', () =>
    client.readResource({ uri: 'demo://resource/static/document/extension.md' }, T),
  );
  await step('resources/read template', () => client.readResource({ uri: 'demo://resource/dynamic/text/1' }, T));
  await step('resources/read missing (expected error)', () =>
    client.readResource({ uri: 'demo://resource/static/document/no-such-file.md' }, T),
  );
  const subscribed = 'demo://resource/dynamic/text/1';
  await step('resources/subscribe', () => client.subscribeResource({ uri: subscribed }, T));
  mark = transport.mark();
  await call('toggle-subscriber-updates'); // on: sends one update at once, then every 5 s
  await transport.waitFor(wire('s2c', 'notifications/resources/updated'), {
    since: mark,
    timeout: 6000,
    label: 'notifications/resources/updated',
  });
  await call('toggle-subscriber-updates'); // off
  await step('resources/unsubscribe', () => client.unsubscribeResource({ uri: subscribed }, T));

  log('everything: prompts and completion');
  await paginate('prompts/list', (cursor) => client.listPrompts(cursor ? { cursor } : undefined, T));
  await step('prompts/get simple-prompt', () => client.getPrompt({ name: 'simple-prompt' }, T));
  await step('prompts/get args-prompt', () =>
    client.getPrompt({ name: 'args-prompt', arguments: { city: 'Chicago', state: 'IL' } }, T),
  );
  await step('prompts/get resource-prompt', () =>
    client.getPrompt({ name: 'resource-prompt', arguments: { resourceType: 'Text', resourceId: '2' } }, T),
  );
  await step('completion/complete prompt department', () =>
    client.complete(
      { ref: { type: 'ref/prompt', name: 'completable-prompt' }, argument: { name: 'department', value: 'E' } },
      T,
    ),
  );
  await step('completion/complete prompt name with context', () =>
    client.complete(
      {
        ref: { type: 'ref/prompt', name: 'completable-prompt' },
        argument: { name: 'name', value: '' },
        context: { arguments: { department: 'Engineering' } },
      },
      T,
    ),
  );
  await step('completion/complete resource template', () =>
    client.complete(
      {
        ref: { type: 'ref/resource', uri: 'demo://resource/dynamic/text/{resourceId}' },
        argument: { name: 'resourceId', value: '7' },
      },
      T,
    ),
  );

  log('everything: logging');
  await step('logging/setLevel debug', () => client.setLoggingLevel('debug', T));
  mark = transport.mark();
  await call('toggle-simulated-logging'); // on: one message at once, then every 5 s
  await transport.waitFor(wire('s2c', 'notifications/message'), {
    since: mark,
    timeout: 6000,
    label: 'simulated log message',
  });
  await call('toggle-simulated-logging'); // off

  log('everything: sampling, elicitation, roots');
  await call('trigger-sampling-request', { prompt: 'Summarise this MCP session in one line.', maxTokens: 60 });
  await call('trigger-elicitation-request');
  await call('trigger-url-elicitation', {
    url: 'https://example.com/mcptrace/authorize',
    elicitationId: 'mcptrace-elicitation-1',
  });
  await call('trigger-url-elicitation', { url: 'https://example.com/mcptrace/prerequisite', errorPath: true }); // error -32042 expected
  await call('get-roots-list');
  mark = transport.mark();
  await step('notifications/roots/list_changed', () => client.sendRootsListChanged());
  await transport.waitFor(wire('s2c', 'roots/list'), {
    since: mark,
    timeout: 3000,
    label: 'roots/list after list_changed',
  });
  await transport.waitFor(
    wire('s2c', 'notifications/message', (m) => /^Roots updated/.test(m.params?.data)),
    { since: mark, timeout: 3000, label: 'roots log message' },
  );

  log('everything: tasks');
  await call('trigger-sampling-request-async', { prompt: 'Same, but as a client-side task.', maxTokens: 60 });
  await call('trigger-elicitation-request-async');
  const created = await step('tools/call simulate-research-query (task)', () =>
    client.request(
      {
        method: 'tools/call',
        params: { name: 'simulate-research-query', arguments: { topic: 'python', ambiguous: true } },
      },
      CreateTaskResultSchema,
      { ...T, task: { ttl: 60000 } },
    ),
  );
  const taskId = created?.task?.taskId;
  if (taskId) {
    // Stages take 1 s each and it asks for clarification at the third: poll once it should be waiting.
    await delay(2500);
    for (let polls = 0; polls < 10; polls++) {
      const task = await step('tasks/get', () => client.experimental.tasks.getTask(taskId, T));
      if (!task || ['input_required', 'completed', 'failed', 'cancelled'].includes(task.status)) break;
      await delay(500);
    }
    await step('tasks/result', () =>
      client.experimental.tasks.getTaskResult(taskId, CallToolResultSchema, { timeout: 20000 }),
    );
  }
  await step('tasks/list', () => client.experimental.tasks.listTasks(undefined, T));
  await step('ping', () => client.ping(T));

  log('everything: close');
  await client.close();
}

/** Records the server-memory session through `mcptrace wrap --out capture`; returns the capture's records. */
export async function recordMemory(cwd, capture) {
  const dir = await mkdtemp(join(tmpdir(), 'mcptrace-memory-'));
  const transport = new WrapTransport({
    root: cwd,
    server: ['node', MEMORY_JS],
    out: capture,
    env: { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') },
  });
  const client = new Client(CLIENT_INFO, { capabilities: {} });
  client.onerror = (error) => log(`  (client onerror) ${error.message}`);
  const call = (name, args = {}) =>
    step(`tools/call ${name}`, () => client.callTool({ name, arguments: args }, CallToolResultSchema, T));
  const graph = 'memory://knowledge-graph';
  try {
    log('memory: connect');
    await client.connect(transport, T);
    await paginate('tools/list', (cursor) => client.listTools(cursor ? { cursor } : undefined, T));
    await paginate('resources/list', (cursor) => client.listResources(cursor ? { cursor } : undefined, T));
    await step('resources/subscribe', () => client.subscribeResource({ uri: graph }, T));
    const mark = transport.mark();
    await call('create_entities', {
      entities: [
        { name: 'mcptrace', entityType: 'project', observations: ['reads MCP session logs'] },
        { name: 'server-memory', entityType: 'mcp-server', observations: ['keeps a knowledge graph in a JSONL file'] },
      ],
    });
    await transport.waitFor(wire('s2c', 'notifications/resources/updated'), {
      since: mark,
      timeout: 2000,
      label: 'notifications/resources/updated',
    });
    await call('create_relations', {
      relations: [{ from: 'mcptrace', to: 'server-memory', relationType: 'records sessions of' }],
    });
    await call('add_observations', {
      observations: [{ entityName: 'mcptrace', contents: ['written in TypeScript', 'pairs requests with responses'] }],
    });
    await call('add_observations', {
      observations: [{ entityName: 'no-such-entity', contents: ['an orphan observation'] }],
    }); // expected error
    await call('read_graph');
    await call('search_nodes', { query: 'TypeScript' });
    await call('open_nodes', { names: ['server-memory'] });
    await step('resources/read', () => client.readResource({ uri: graph }, T));
    await call('delete_observations', {
      deletions: [{ entityName: 'mcptrace', observations: ['pairs requests with responses'] }],
    });
    await call('delete_relations', {
      relations: [{ from: 'mcptrace', to: 'server-memory', relationType: 'records sessions of' }],
    });
    await call('delete_entities', { entityNames: ['server-memory'] });
    await step('resources/unsubscribe', () => client.unsubscribeResource({ uri: graph }, T));
    await call('read_graph');
    await step('ping', () => client.ping(T));
    log('memory: close');
    await client.close();
  } finally {
    await transport.close();
    await rm(dir, { recursive: true, force: true });
  }
  return readCapture(capture);
}
