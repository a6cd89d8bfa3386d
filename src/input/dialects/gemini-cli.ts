// Gemini CLI's terminal (`gemini`, `gemini --debug`, `gemini -p …`): its debug lines and what it prints of its MCP
// servers: their stderr (`[DEBUG] [MCP STDERR (NAME)]: …`, before July 2025 `MCP STDERR (NAME): …`) and the
// failures of discovery (`Error during discovery for server 'NAME': …`, `MCP ERROR (NAME): …`).
//
// It logs no JSON-RPC. Grammar and the published pastes each shape was seen in: test/fixtures/hosts/gemini-cli/SOURCES.md.
import type { Dialect } from './types.js';

/** A line that names its server, without the debug prefix (stderr before 0.1.12, the errors printed in any mode). */
const NAMED = String.raw`(?:MCP (?:STDERR|ERROR) \(|Error during discovery for (?:MCP )?server ')`;

export const geminiCli: Dialect<'gemini-cli'> = {
  name: 'gemini-cli',
  family: 'host',
  title: "Gemini CLI: the terminal's MCP lines (gemini --debug)",
  example: '[DEBUG] [MCP STDERR (docs-index)]:  × No solution found when resolving tool dependencies:',
  lines: [
    // `--debug`: `[DEBUG] [Component] text`.
    /^\[(?<level>DEBUG|INFO|WARN|ERROR)\] (?<text>.*)$/,
    // The lines about a server printed in any mode; in the UI's message list with its mark (`✕`, `✖`), in a box (`│ `).
    new RegExp(String.raw`^(?:│ )?(?:[✕✖] )?(?<text>${NAMED}.*)$`),
  ],
  // One stream for every server: a line names its server or is about none.
  servers: 'line',
  cues: [
    { re: /^\[MCP STDERR \([^)]+\)\]: /, weight: 6 },
    { re: /^MCP (?:STDERR|ERROR) \([^)]+\): /, weight: 6 },
    { re: /^Error during discovery for (?:MCP )?server '/, weight: 6 },
    { re: /^\[(?:IDEClient|MemoryDiscovery|BfsFileSearch)\] /, weight: 2 },
  ],
  suffixes: [],
  markers: [],
  summaries: [],
  cut: null,
  events: [
    { re: /^\[MCP STDERR \((?<server>[^)]+)\)\]: /, name: 'stderr' },
    { re: /^MCP STDERR \((?<server>[^)]+)\): /, name: 'stderr' },
    { re: /^MCP ERROR \((?<server>[^)]+)\): /, name: 'connection-error' },
    { re: /^Error during discovery for (?:MCP )?server '(?<server>[^']+)': /, name: 'connection-error' },
  ],
  blocks: [],
  // A line without the prefix continues the record above: a stderr chunk of several lines (uv's diagnostic), a message
  // the UI wrapped.
  unprefixed: 'attach',
  time: 'none',
  ansi: true,
};
