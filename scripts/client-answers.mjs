// Canned client-side answers for server-to-client requests: roots, sampling, elicitation, tasks.
//
// Deterministic and fitting the schemas the server asks for, so re-recording gives the same
// traffic apart from times, task ids and the server's own random choices.

export const ROOTS = [{ uri: 'file:///workspace/mcptrace', name: 'mcptrace' }];

const CANNED_FIELDS = {
  name: 'Ada Lovelace',
  check: true,
  firstLine: 'It was a dark and stormy night.',
  email: 'ada@example.com',
  homepage: 'https://example.com/ada',
  birthdate: '1815-12-10',
  integer: 42,
  number: 3.14,
  untitledSingleSelectEnum: 'Joey',
  untitledMultipleSelectEnum: ['Guitar', 'Piano'],
  titledSingleSelectEnum: 'hero-3',
  titledMultipleSelectEnum: ['fish-2'],
  legacyTitledEnum: 'pet-2',
  favoriteColor: 'Blue',
  agreeToTerms: true,
};

export function cannedElicitation(params) {
  if (params.mode === 'url') return { action: 'accept' };
  const content = {};
  for (const [key, schema] of Object.entries(params.requestedSchema?.properties ?? {})) {
    if (key in CANNED_FIELDS) content[key] = CANNED_FIELDS[key];
    else if (schema.oneOf?.[0]?.const !== undefined) content[key] = schema.oneOf[0].const;
    else if (schema.enum?.[0] !== undefined) content[key] = schema.enum[0];
    else if (schema.default !== undefined) content[key] = schema.default;
    else
      content[key] =
        schema.type === 'boolean' ? true : schema.type === 'number' || schema.type === 'integer' ? 1 : 'yes';
  }
  return { action: 'accept', content };
}

export function cannedSampling(params) {
  const asked = params.messages?.[0]?.content?.text ?? '';
  return {
    model: 'mcptrace-canned-model',
    role: 'assistant',
    content: { type: 'text', text: `Canned reply from the recorder (asked: ${asked.length} chars).` },
    stopReason: 'endTurn',
  };
}

/**
 * Task-augmented server request (params.task, spec 2025-11-25 tasks): answer at once with a
 * CreateTaskResult in `working`, finish the task 300 ms later as a background job would. The
 * server then polls tasks/get and fetches the result with tasks/result.
 */
export async function maybeAsTask(request, extra, result) {
  if (!request.params.task || !extra.taskStore) return result;
  const task = await extra.taskStore.createTask({ ttl: extra.taskRequestedTtl ?? 60000 });
  setTimeout(() => {
    extra.taskStore
      .storeTaskResult(task.taskId, 'completed', result)
      .catch((error) => process.stderr.write(`  (task ${task.taskId}) ${error.message}\n`));
  }, 300);
  return { task };
}
