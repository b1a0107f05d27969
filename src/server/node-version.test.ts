import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { requiredNodeMajor, unsupportedNodeMessage } from './node-version';

const root = path.resolve(import.meta.dirname, '../..');

describe('the supported Node', () => {
  it('is the major that package.json engines and .node-version name', () => {
    const packageJson = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(packageJson.engines.node).toBe(`>=${requiredNodeMajor}`);
    const pinned = fs.readFileSync(path.join(root, '.node-version'), 'utf8').trim();
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(Number.parseInt(pinned, 10)).toBe(requiredNodeMajor);
  });

  it('accepts that major and later ones, and names what to install on an older one', () => {
    expect(unsupportedNodeMessage(`${requiredNodeMajor}.0.0`)).toBeUndefined();
    expect(unsupportedNodeMessage('26.12.1')).toBeUndefined();
    expect(unsupportedNodeMessage('20.20.2')).toBe(
      'Fridge Check needs Node 24 or later (this is Node 20.20.2). Install Node 24 LTS from https://nodejs.org ' +
        "(CI's exact version is in .node-version), then run npm ci and start again.",
    );
    expect(unsupportedNodeMessage('22.21.0')).toContain('this is Node 22.21.0');
  });
});
