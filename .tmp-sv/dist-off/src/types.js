// The data that flows between pipeline stages: frames from input, and annotated records (output contract v1).
export {};
//# sourceMappingURL=types.js.map