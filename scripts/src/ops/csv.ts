/** One CSV field (RFC 4180); text a spreadsheet would run as a formula gets a leading `'` (e-mails are outside). */
export function csvField(value: string | number | null) {
  const text = value === null ? "" : String(value);
  const inert = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}
