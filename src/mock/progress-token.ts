// A request's `_meta.progressToken` (basic/utilities/progress), as sent: what its progress notifications name.

export function progressTokenOf(params: unknown): string | number | null {
  const meta = params !== null && typeof params === 'object' ? (params as Record<string, unknown>)._meta : undefined;
  const token = meta !== null && typeof meta === 'object' ? (meta as Record<string, unknown>).progressToken : undefined;
  return typeof token === 'string' || typeof token === 'number' ? token : null;
}
