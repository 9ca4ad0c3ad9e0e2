/** SQL that writes a timestamptz `column` as an ISO instant in UTC with milliseconds (`2026-01-02T03:04:05.678Z`). */
export const isoInstant = (column: string): string =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
