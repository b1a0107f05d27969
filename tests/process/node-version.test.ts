import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { requiredNodeMajor, unsupportedNodeMessage } from '../../src/server/node-version';
import { serverEntry } from '../support/server-process';

/**
 * `node dist/server/main.js` on a Node older than the supported one: one line that says what to install, exit 1,
 * and none of the server loaded (it would fail on better-sqlite3's NODE_MODULE_VERSION with a stack).
 * Debian's own Node (/usr/bin/node, 20 on bookworm) is that older Node where it is installed; elsewhere this
 * Node started with process.versions.node set to 20.20.2 before the entry runs.
 */
function olderNode(): { command: string; preload: string[]; version: string } {
  const debianNode = '/usr/bin/node';
  if (fs.existsSync(debianNode)) {
    const version = execFileSync(debianNode, ['-p', 'process.versions.node'], { encoding: 'utf8' }).trim();
    if (Number.parseInt(version, 10) < requiredNodeMajor)
      return { command: debianNode, preload: [], version };
  }
  const version = '20.20.2';
  const setVersion = `Object.defineProperty(process.versions, "node", { value: "${version}" })`;
  return { command: process.execPath, preload: ['--import', `data:text/javascript,${setVersion}`], version };
}

describe('the server on an unsupported Node', () => {
  it('prints what Node it needs and how to get it, in one line, and exits 1 before loading the server', () => {
    const node = olderNode();
    const run = spawnSync(node.command, [...node.preload, serverEntry], {
      encoding: 'utf8',
      timeout: 20_000,
      // Were the server loaded after all, it would stop at once on this port with a message of its own.
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: 'sqlite::memory:' },
    });
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${unsupportedNodeMessage(node.version)}\n`);
    expect(run.status).toBe(1);
  });
});
