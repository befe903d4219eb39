/**
 * One CSV field, safe to open in a spreadsheet. Text a spreadsheet would run as a formula (it starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading `'`, so it shows as text (OWASP's advice on CSV injection): a
 * claim's Google e-mail and last error come from outside. Then RFC 4180: a field holding a comma, quote or line
 * break is quoted, its quotes doubled.
 */
export function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}
