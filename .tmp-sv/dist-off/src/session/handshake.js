const obj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v) ? v : null;
/** `initialize` params: protocolVersion, capabilities, clientInfo (basic/lifecycle.mdx §Initialization). */
export function readInitializeRequest(s, message, seq) {
    const params = obj(obj(message)?.params);
    s.initializeSeq = seq;
    s.info.initializeSeen = true;
    s.info.requestedRevision = typeof params?.protocolVersion === 'string' ? params.protocolVersion : null;
    s.info.clientInfo = obj(params?.clientInfo);
    s.info.clientCapabilities = obj(params?.capabilities) ?? (params ? {} : null);
}
/** `initialize` result: protocolVersion (the negotiated revision), capabilities, serverInfo. */
export function readInitializeResult(s, message) {
    const result = obj(obj(message)?.result);
    if (!result)
        return;
    s.info.negotiatedRevision = typeof result.protocolVersion === 'string' ? result.protocolVersion : null;
    s.info.serverInfo = obj(result.serverInfo);
    s.info.serverCapabilities = obj(result.capabilities) ?? {};
}
//# sourceMappingURL=handshake.js.map