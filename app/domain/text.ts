/** Control characters (NUL and friends) have no place in names, addresses or sign text. Tabs and line breaks are fine. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const UNUSUAL_CHARACTERS_MESSAGE = "Please remove unusual characters.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

// eslint-disable-next-line no-control-regex
const CONTROL_ALL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text from a URL or a search box made safe to search with: control characters and broken UTF-16 removed. */
export function cleanSearchText(value: string): string {
  return value.replace(CONTROL_ALL, "").replace(LONE_SURROGATE, "");
}

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text made safe to put into HTML (element content and quoted attribute values). */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}
