/** A program the tests run: a name on PATH or an absolute path, its Debian package, and what needs it. */
export interface SystemTool {
  tool: string;
  pkg: string;
  for: string;
}
export const SYSTEM_TOOLS: SystemTool[];
export function hasTool(tool: string, env?: NodeJS.ProcessEnv): boolean;
export function missingPackages(tools?: SystemTool[], env?: NodeJS.ProcessEnv): string[];
