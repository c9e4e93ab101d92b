/** Path helpers of the sync: root-relative paths ("/"-separated), their parents and names. */

/** The directory of a root-relative path ("" for a file at the root). */
export function parentOf(relative: string): string {
  const at = relative.lastIndexOf("/");
  return at < 0 ? "" : relative.slice(0, at);
}

/** The last segment of a root-relative path. */
export function baseName(relative: string): string {
  return relative.slice(relative.lastIndexOf("/") + 1);
}

/** True when `relative` is `scope` or lies below it ("" covers everything). */
export function isWithin(relative: string, scope: string): boolean {
  return scope === "" || relative === scope || relative.startsWith(`${scope}/`);
}
