/** Control characters (NUL and friends) have no place in names, addresses or sign text. Tabs and line breaks are fine. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const UNUSUAL_CHARACTERS_MESSAGE = "Please remove unusual characters.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put into HTML (element content and quoted attribute values). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
