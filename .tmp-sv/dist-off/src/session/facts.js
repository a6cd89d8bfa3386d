export {};
//# sourceMappingURL=facts.js.map