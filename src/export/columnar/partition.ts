// Hive-style partition folders (`date=2026-12-01/server=everything`): values escaped as Hive and Spark escape them.

/** Hive's name for a null partition value; Spark, Trino and Athena read it back as NULL. */
const NULL_PARTITION = '__HIVE_DEFAULT_PARTITION__';

/**
 * Hive's `FileUtils.escapePathName`: control characters, the slash and `"#%'*:=?\^{[]` become `%XX` (uppercase hex), so that
 * any server name is one folder name that Spark and Hive turn back into the name. Beyond Hive's set, space and
 * characters outside ASCII are kept (Hive does too); a name of only dots would be `.` or `..`, so its first dot is escaped.
 */
export function escapePartitionValue(value: string | null): string {
  if (value === null || value === '') return NULL_PARTITION;
  const escaped = value.replace(
    /[\u0000-\u001f\u007f"#%'*/:=?\\^{}[\]]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  return /^\.+$/.test(escaped) ? `%2E${escaped.slice(1)}` : escaped;
}

/** The folder of a partition under its table's folder. */
export function partitionPath(date: string, server: string | null): string {
  return `date=${date}/server=${escapePartitionValue(server)}`;
}
