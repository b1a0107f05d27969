#!/usr/bin/env node
/**
 * Cuts node_modules down to what the built server loads (run in the image's build stage, after
 * `npm run build` and `npm prune --omit=dev`; docs/decisions/140-image-built-and-started-without-a-registry.md).
 *
 * Kept: the packages dist/server imports and what they depend on, walked through their package.json files;
 * of the @expo-google-fonts packages only the TrueType files the receipt fonts are cut from, as named in the
 * built server (served-fonts.ts, decision 090: two weights of three families, not nine weights each); of
 * better-sqlite3 only its compiled addon. The browser's packages (React, jsPDF, lucide-react, ...) are bundled
 * into dist/web by Vite, so the server never loads them. Source maps, type declarations and docs go too.
 *
 * Plain JavaScript (no tsx): the build stage runs it with node alone.
 */
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
const modules = path.join(root, 'node_modules');
const serverDir = path.join(root, 'dist', 'server');

function filesUnder(dir, test) {
  const found = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, test));
    else if (test(entry.name)) found.push(full);
  }
  return found;
}

const bundle = filesUnder(serverDir, (name) => name.endsWith('.js'))
  .map((file) => fs.readFileSync(file, 'utf8'))
  .join('\n');

const packageOf = (specifier) => {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};

// Bare specifiers of static and dynamic imports. SQL in the bundle also matches (`from "Drinks"`): a name with
// no package in node_modules is not a package.
const imported = new Set();
for (const match of bundle.matchAll(
  /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']([^"'./][^"']*)["']/g,
)) {
  const specifier = match[1];
  if (specifier.startsWith('node:')) continue;
  const name = packageOf(specifier);
  if (fs.existsSync(path.join(modules, name, 'package.json'))) imported.add(name);
}
// Font files are read with require.resolve at run time: their paths are strings in the bundle.
const fontFiles = new Set(bundle.match(/@expo-google-fonts\/[\w-]+\/[\w-]+\/[\w-]+\.ttf/g) ?? []);
for (const file of fontFiles) imported.add(packageOf(file));
if (imported.size === 0) throw new Error(`no package imports found in ${serverDir}: build first`);

/** Node's lookup: the nearest node_modules/<name> from `fromDir` up to the root's. */
function resolvePackage(name, fromDir) {
  let dir = fromDir;
  for (;;) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.resolve(dir) === root) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const kept = new Set();
const queue = [...imported].map((name) => resolvePackage(name, root));
while (queue.length > 0) {
  const dir = queue.pop();
  if (!dir || kept.has(dir)) continue;
  kept.add(dir);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const wanted = { ...manifest.dependencies, ...manifest.optionalDependencies, ...manifest.peerDependencies };
  for (const name of Object.keys(wanted)) {
    const found = resolvePackage(name, dir);
    if (found) queue.push(found);
    else if (!manifest.optionalDependencies?.[name] && !manifest.peerDependencies?.[name]) {
      throw new Error(`${path.relative(root, dir)} needs ${name}, which is not installed`);
    }
  }
}

let removedBytes = 0;
function remove(target) {
  removedBytes += sizeOf(target);
  fs.rmSync(target, { recursive: true, force: true });
}
function sizeOf(target) {
  const stat = fs.lstatSync(target);
  if (!stat.isDirectory()) return stat.size;
  return fs.readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

/** Every package folder in a node_modules folder (scoped ones one level down). */
function packagesIn(modulesDir) {
  if (!fs.existsSync(modulesDir)) return [];
  const found = [];
  for (const entry of fs.readdirSync(modulesDir, { withFileTypes: true })) {
    const full = path.join(modulesDir, entry.name);
    if (entry.name === '.bin' || entry.name.startsWith('.')) {
      remove(full);
    } else if (entry.name.startsWith('@') && entry.isDirectory()) {
      for (const scoped of fs.readdirSync(full)) found.push(path.join(full, scoped));
    } else if (entry.isDirectory()) {
      found.push(full);
    }
  }
  return found;
}

function prune(modulesDir) {
  for (const dir of packagesIn(modulesDir)) {
    if (!kept.has(dir)) {
      remove(dir);
      continue;
    }
    prune(path.join(dir, 'node_modules'));
  }
  for (const scope of fs.existsSync(modulesDir) ? fs.readdirSync(modulesDir) : []) {
    const full = path.join(modulesDir, scope);
    if (scope.startsWith('@') && fs.readdirSync(full).length === 0) fs.rmdirSync(full);
  }
}
prune(modules);

// Within the kept packages: what no running server reads.
const isLicense = (name) => /^(licen[sc]e|copying|notice)/i.test(name);
for (const file of filesUnder(modules, (name) => /\.(map|d\.ts|d\.mts|d\.cts|md|markdown)$/i.test(name))) {
  if (!isLicense(path.basename(file))) remove(file);
}
for (const dir of [...kept].filter((dir) => path.relative(modules, dir).startsWith('@expo-google-fonts/'))) {
  const name = path.relative(modules, dir).split(path.sep).join('/');
  for (const file of filesUnder(dir, () => true)) {
    const inside = path.relative(dir, file).split(path.sep).join('/');
    if (inside === 'package.json' || isLicense(path.basename(file)) || fontFiles.has(`${name}/${inside}`))
      continue;
    remove(file);
  }
}
const sqlite = path.join(modules, 'better-sqlite3');
if (fs.existsSync(sqlite)) {
  const addon = path.join(sqlite, 'build', 'Release', 'better_sqlite3.node');
  if (!fs.existsSync(addon)) throw new Error('better-sqlite3 has no compiled addon');
  for (const name of ['deps', 'src', 'binding.gyp']) remove(path.join(sqlite, name));
  for (const name of fs.readdirSync(path.join(sqlite, 'build'))) {
    if (name !== 'Release') remove(path.join(sqlite, 'build', name));
  }
  for (const name of fs.readdirSync(path.join(sqlite, 'build', 'Release'))) {
    if (name !== 'better_sqlite3.node') remove(path.join(sqlite, 'build', 'Release', name));
  }
}
// Empty folders left behind (a font package's weight folders).
function removeEmpty(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmpty(path.join(dir, entry.name));
  }
  if (dir !== modules && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}
removeEmpty(modules);

const mb = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
process.stdout.write(
  `image-prune: kept ${kept.size} packages (${[...imported].sort().join(', ')}), ${fontFiles.size} font files; ` +
    `removed ${mb(removedBytes)}; node_modules now ${mb(sizeOf(modules))}\n`,
);
