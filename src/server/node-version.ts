/**
 * The Node the server runs on (docs/decisions/211-node-24.md). On an older one better-sqlite3's compiled addon
 * fails with a NODE_MODULE_VERSION stack that says nothing of what to install; this says it in one line.
 * package.json's `engines` and `.node-version` name the same major (node-version.test.ts keeps them in step).
 */
export const requiredNodeMajor = 24;

/** The line an unsupported Node gets, or undefined when `version` (as in process.versions.node) will do. */
export function unsupportedNodeMessage(version: string): string | undefined {
  const major = Number.parseInt(version, 10);
  if (major >= requiredNodeMajor) return undefined;
  return (
    `Fridge Check needs Node ${requiredNodeMajor} or later (this is Node ${version}). Install Node ` +
    `${requiredNodeMajor} LTS from https://nodejs.org (CI's exact version is in .node-version), then run npm ci ` +
    `and start again.`
  );
}

/** Ends the process with that line before anything else loads (start.ts, the server's entry). */
export function exitUnlessSupportedNode(version: string = process.versions.node): void {
  const message = unsupportedNodeMessage(version);
  if (message === undefined) return;
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
