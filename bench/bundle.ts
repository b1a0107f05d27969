import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** DESIGN.md's budget for the JavaScript /checkout loads first, gzip: the bench prints it, a test holds it. */
export const initialJsGzipBudget = 110 * 1024;

/** What the build wrote about its chunks (vite.config.ts, bundleStats plugin). */
interface ChunkStats {
  file: string;
  name: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  /** Source module -> its bytes in the chunk before minification. */
  modules: Record<string, number>;
}

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BundleReport {
  initialJs: FileSize[];
  initialJsTotal: Omit<FileSize, 'file'>;
  css: FileSize[];
  pdfChunks: FileSize[];
  pdfTotal: Omit<FileSize, 'file'>;
  adminChunks: FileSize[];
  adminTotal: Omit<FileSize, 'file'>;
  /** Each admin workspace page's own chunk (src/web/admin/<page>/), beside the shared admin chunk. */
  adminPages: (FileSize & { page: string })[];
  /** Modules of the initial set that must have been lazy: empty when the split is right. */
  forbiddenInInitial: string[];
  /** Where the initial JavaScript comes from, by package, as shares of its unminified size. */
  initialByPackage: { name: string; share: number }[];
}

/** Code a guest at /checkout must not download before the first drink shows. */
const lazyOnly: { label: string; test: (module: string) => boolean }[] = [
  { label: 'jsPDF', test: (m) => /node_modules\/(jspdf|html2canvas|canvg|dompurify|fflate)\//.test(m) },
  { label: 'PDF builder', test: (m) => m.endsWith('src/shared/receipt-pdf.ts') },
  { label: 'admin route', test: (m) => m.includes('src/web/admin/') },
  { label: 'zod', test: (m) => /node_modules\/zod\//.test(m) },
  { label: 'react-hook-form', test: (m) => /node_modules\/(react-hook-form|@hookform)\//.test(m) },
  // Only the ID rules (promptpay-id.ts) and the panel's shell may be first: the payload and the QR code are
  // made when a resort has an ID and the guest counted something.
  {
    label: 'PromptPay payload',
    test: (m) => /node_modules\/promptparse\//.test(m) || m.endsWith('promptpay-payload.ts'),
  },
  {
    label: 'QR code',
    test: (m) => /node_modules\/uqr\//.test(m) || /src\/shared\/promptpay\/qr-(matrix|png)\.ts$/.test(m),
  },
  // English is the default and first; another language's messages load when it is chosen.
  {
    label: 'other languages',
    test: (m) => /src\/shared\/i18n\/(th|zh-hans|ru|ko|de|admin-th|admin-en)\.ts$/.test(m),
  },
  { label: 'Thai font', test: (m) => m.includes('src/shared/receipt-font/') },
];

/** Sizes as the server sends them: the build's own .gz/.br twins when present (vite.config.ts). */
export function measureFile(webRoot: string, file: string): FileSize {
  const full = path.join(webRoot, file);
  const raw = fs.readFileSync(full);
  const twin = (ext: string, make: () => Buffer) =>
    fs.existsSync(`${full}.${ext}`) ? fs.statSync(`${full}.${ext}`).size : make().length;
  return {
    file,
    raw: raw.length,
    gzip: twin('gz', () => zlib.gzipSync(raw, { level: 9 })),
    brotli: twin('br', () => zlib.brotliCompressSync(raw)),
  };
}

const sum = (files: FileSize[]) => ({
  raw: files.reduce((total, f) => total + f.raw, 0),
  gzip: files.reduce((total, f) => total + f.gzip, 0),
  brotli: files.reduce((total, f) => total + f.brotli, 0),
});

/** A chunk and every chunk it imports statically (what loading it downloads), minus those already loaded. */
function withStaticImports(start: string[], byFile: Map<string, ChunkStats>, loaded: Set<string>): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || loaded.has(file)) return;
    seen.add(file);
    for (const next of byFile.get(file)?.imports ?? []) visit(next);
  };
  for (const file of start) visit(file);
  return [...seen];
}

/**
 * The JavaScript /checkout loads first is what index.html names (its module entry and the modulepreloads) and
 * what that entry always imports to start the app: the entry is a small boot script (src/web/boot.ts) that
 * imports React and the app after the first paint, and a phone downloads those all the same, so they count.
 * Only the entry's own dynamic imports count, not the lazy chunks the app imports later (admin, PDF...).
 */
export function measureBundle(distDir = 'dist'): BundleReport {
  const webRoot = path.join(distDir, 'web');
  const html = fs.readFileSync(path.join(webRoot, 'index.html'), 'utf8');
  const statsFile = path.join(distDir, 'bundle-stats.json');
  if (!fs.existsSync(statsFile)) throw new Error(`${statsFile} is missing: run \`npm run build\` first`);
  const { chunks } = JSON.parse(fs.readFileSync(statsFile, 'utf8')) as { chunks: ChunkStats[] };
  const byFile = new Map(chunks.map((chunk) => [chunk.file, chunk]));

  const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\b${name}="([^"]+)"`))?.[1];
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
  const initialFiles = tags.flatMap((tag) => {
    const src = tag.startsWith('<script') ? attribute(tag, 'src') : undefined;
    const preload = /rel="modulepreload"/.test(tag) ? attribute(tag, 'href') : undefined;
    const file = src ?? preload;
    return file ? [file.replace(/^\//, '')] : [];
  });
  const namedCss = tags.flatMap((tag) => {
    const href = /rel="stylesheet"/.test(tag) ? attribute(tag, 'href') : undefined;
    return href ? [href.replace(/^\//, '')] : [];
  });
  // The app's stylesheet is loaded by the app (the boot script's imports), not named by index.html.
  const cssFiles = namedCss.length
    ? namedCss
    : fs
        .readdirSync(path.join(webRoot, 'assets'))
        .filter((file) => file.endsWith('.css'))
        .map((file) => `assets/${file}`);
  if (initialFiles.length === 0) throw new Error('dist/web/index.html names no script: is the build broken?');
  const scripts = tags.flatMap((tag) => {
    const src = tag.startsWith('<script') ? attribute(tag, 'src') : undefined;
    return src ? [src.replace(/^\//, '')] : [];
  });
  const started = scripts.flatMap((file) => byFile.get(file)?.dynamicImports ?? []);
  for (const file of withStaticImports(started, byFile, new Set(initialFiles))) initialFiles.push(file);

  const initial = new Set(initialFiles);
  const initialModules = initialFiles.flatMap((file) => Object.entries(byFile.get(file)?.modules ?? {}));
  const forbiddenInInitial = initialModules.flatMap(([module]) => {
    const rule = lazyOnly.find((r) => r.test(module));
    return rule ? [`${rule.label}: ${module}`] : [];
  });

  const packages = new Map<string, number>();
  let renderedTotal = 0;
  for (const [module, bytes] of initialModules) {
    const name = module.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? '(app)';
    packages.set(name, (packages.get(name) ?? 0) + bytes);
    renderedTotal += bytes;
  }

  const chunkWith = (test: (module: string) => boolean) =>
    chunks.filter((chunk) => Object.keys(chunk.modules).some(test)).map((chunk) => chunk.file);
  const pdfFiles = withStaticImports(
    chunkWith((m) => /node_modules\/jspdf\//.test(m)),
    byFile,
    initial,
  );
  const adminFiles = withStaticImports(
    chunkWith((m) => m.includes('src/web/admin/admin-route')),
    byFile,
    initial,
  );

  const measure = (files: string[]) => files.map((file) => measureFile(webRoot, file));
  const adminPages = chunks.flatMap((chunk) => {
    const page = Object.keys(chunk.modules)
      .map((m) => m.match(/src\/web\/admin\/([^/]+)\/\1-route\.tsx$/)?.[1])
      .find(Boolean);
    return chunk.isDynamicEntry && page ? [{ page, ...measureFile(webRoot, chunk.file) }] : [];
  });
  const initialJs = measure(initialFiles);
  const pdfChunks = measure(pdfFiles);
  const adminChunks = measure(adminFiles);
  return {
    initialJs,
    initialJsTotal: sum(initialJs),
    css: measure(cssFiles),
    pdfChunks,
    pdfTotal: sum(pdfChunks),
    adminChunks,
    adminTotal: sum(adminChunks),
    adminPages,
    forbiddenInInitial,
    initialByPackage: [...packages]
      .map(([name, bytes]) => ({ name, share: renderedTotal ? bytes / renderedTotal : 0 }))
      .sort((a, b) => b.share - a.share)
      .slice(0, 8),
  };
}
