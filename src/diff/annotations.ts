// Tool annotations (server/tools: ToolAnnotations) and their defaults, as data: a change toward the riskier value
// (`readOnlyHint` true → false, `destructiveHint` false → true …) loosens what a host may assume of the tool.

/** Each hint's default when absent, and its riskier value. */
export const HINTS: Readonly<Record<string, { default: boolean; risky: boolean }>> = {
  readOnlyHint: { default: false, risky: false },
  destructiveHint: { default: true, risky: true },
  idempotentHint: { default: false, risky: false },
  openWorldHint: { default: true, risky: true },
};
