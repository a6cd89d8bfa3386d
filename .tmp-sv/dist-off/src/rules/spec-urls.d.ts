export declare const SPEC: {
    readonly messages: "https://modelcontextprotocol.io/specification/2025-11-25/basic#messages";
    readonly requests: "https://modelcontextprotocol.io/specification/2025-11-25/basic#requests";
    readonly responses: "https://modelcontextprotocol.io/specification/2025-11-25/basic#responses";
    readonly lifecycle: "https://modelcontextprotocol.io/specification/2025-11-25/basic/lifecycle";
    readonly cancellation: "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/cancellation";
    readonly progress: "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/progress";
    readonly tasks: "https://modelcontextprotocol.io/specification/2025-11-25/basic/utilities/tasks";
    readonly stdio: "https://modelcontextprotocol.io/specification/2025-11-25/basic/transports#stdio";
    readonly jsonrpc: 'https://www.jsonrpc.org/specification';
};
