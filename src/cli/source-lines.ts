// Reads the physical lines that evidence points at, streaming each file once and keeping only those lines.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

/** `lines` of each file (by `file:line` names as the records give them); files that cannot be read are left out. */
export async function readSourceLines(wanted: ReadonlyMap<string, ReadonlySet<number>>): Promise<Map<string, Map<number, string>>> {
  const out = new Map<string, Map<number, string>>();
  for (const [file, set] of wanted) {
    if (file === '-' || set.size === 0) continue;
    const got = new Map<number, string>();
    const last = Math.max(...set);
    try {
      const rl = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
      let n = 0;
      for await (const line of rl) {
        n++;
        if (set.has(n)) got.set(n, line.length > 4096 ? line.slice(0, 4096) : line);
        if (n >= last) {
          rl.close();
          break;
        }
      }
    } catch {
      continue;
    }
    out.set(file, got);
  }
  return out;
}
