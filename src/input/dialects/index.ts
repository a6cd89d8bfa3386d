// The registry of text-log dialects: every one is an input format (`--input-format NAME`) and a candidate of detection.
import { amazonQ } from './amazon-q.js';
import { claudeCode } from './claude-code.js';
import { claudeDesktop } from './claude-desktop.js';
import { cline } from './cline.js';
import { codex } from './codex.js';
import { codexTerminal } from './codex-terminal.js';
import { copilot } from './copilot.js';
import { csharpSdk } from './csharp-sdk.js';
import { cursor } from './cursor.js';
import { fastmcp } from './fastmcp.js';
import { geminiCli } from './gemini-cli.js';
import { goSdk } from './go-sdk.js';
import { goose } from './goose.js';
import { javaSdk } from './java-sdk.js';
import { kiro } from './kiro.js';
import { kotlinSdk } from './kotlin-sdk.js';
import { librechat } from './librechat.js';
import { mcpGo } from './mcp-go.js';
import { lmStudio } from './lm-studio.js';
import { mcpProxy } from './mcp-proxy.js';
import { mcpRemote } from './mcp-remote.js';
import { mcptools } from './mcptools.js';
import { opencode } from './opencode.js';
import { pythonSdk } from './python-sdk.js';
import { rustSdk } from './rust-sdk.js';
import { supergateway } from './supergateway.js';
import type { Dialect } from './types.js';
import { typescriptSdk } from './typescript-sdk.js';
import { vscode } from './vscode.js';
import { zed } from './zed.js';

/**
 * Every dialect, in the order detection breaks a tie in: hosts (Zed last: its lines are its own), then bridges and
 * proxies, then SDKs; a tool that logs through an SDK's loggers (mcp-proxy through the Python SDK's) before that SDK.
 */
export const DIALECTS = [
  claudeDesktop,
  vscode,
  claudeCode,
  cursor,
  codex,
  codexTerminal,
  geminiCli,
  cline,
  amazonQ,
  kiro,
  librechat,
  opencode,
  goose,
  lmStudio,
  copilot,
  zed,
  supergateway,
  mcpProxy,
  mcpRemote,
  mcptools,
  typescriptSdk,
  pythonSdk,
  javaSdk,
  csharpSdk,
  goSdk,
  rustSdk,
  kotlinSdk,
  mcpGo,
  fastmcp,
] as const;

export type DialectName = (typeof DIALECTS)[number]['name'];

export const DIALECT_NAMES = DIALECTS.map((d) => d.name) as readonly DialectName[];

const BY_NAME: ReadonlyMap<string, Dialect> = new Map(DIALECTS.map((d) => [d.name, d]));

/** The dialect of that name, or undefined for any other format. */
export function dialectNamed(name: string): Dialect | undefined {
  return BY_NAME.get(name);
}

export type { Dialect } from './types.js';
