/** Control characters (NUL and friends) have no place in names, addresses or sign text. Tabs and line breaks are fine. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const UNUSUAL_CHARACTERS_MESSAGE = "Please remove unusual characters.";

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}
