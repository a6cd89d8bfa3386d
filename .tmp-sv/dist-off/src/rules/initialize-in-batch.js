export const initializeInBatch = {
    meta: {
        id: 'initialize-in-batch',
        severity: 'error',
        description: 'The `initialize` request is one element of a JSON-RPC batch: "The initialize request MUST NOT be part of a JSON-RPC batch, as other requests and notifications are not possible until initialization has completed." The clause exists only in 2025-03-26, the one revision with batches; in the others every batch is reported by batch-not-allowed.',
        specUrl: 'https://modelcontextprotocol.io/specification/2025-03-26/basic/lifecycle#initialization',
        revisions: ['2025-03-26'],
    },
    message: (d) => `initialize is part of a JSON-RPC batch of ${d.size} messages: it must be sent on its own`,
    check: ({ record }) => record.kind === 'request' && record.method === 'initialize' && record.batch ? [{ size: record.batch.size }] : undefined,
};
//# sourceMappingURL=initialize-in-batch.js.map