/** LIKE patterns for user text: its wildcards escaped (with the default backslash escape), so "50%" means "50%". */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Text that starts with `s`. */
export function likePrefix(s: string): string {
  return `${escapeLike(s)}%`;
}

/** Text that contains `s`. */
export function likeContains(s: string): string {
  return `%${escapeLike(s)}%`;
}
