/**
 * Names a watched folder never indexes: files that are someone's work in progress or
 * hidden. Office lock files (`~$report.docx`, LibreOffice's `.~lock.report.odt#`),
 * downloads still running (`*.crdownload`, `*.part`, `*.partial`, `*.download`), editors'
 * swap and backup files, and dotfiles and dot-directories (`.git`, `.DS_Store`, rsync's
 * `.name.XXXXXX` temp files) are ignored; they are not even listed as skipped.
 */
const TEMPORARY = [/^~\$/, /^\.~lock/, /\.(crdownload|part|partial|download|tmp|swp|swx)$/i, /~$/];

/** True for a name (one path segment) the sync leaves alone. */
export function isIgnoredName(name: string): boolean {
  return name.startsWith(".") || TEMPORARY.some((pattern) => pattern.test(name));
}

/** True when any segment of a root-relative, "/"-separated path is ignored. */
export function isIgnoredPath(relative: string): boolean {
  return relative.split("/").some(isIgnoredName);
}
