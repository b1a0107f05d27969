import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The files /checkout can ever load: its entry, the entry's imports and, transitively, every lazy chunk it
 * may import (receipt, PDF builder, outbox...), but not the admin panel's chunks (online only, and a guest's
 * device should not spend storage on them). Filled while the bundle is written; the service worker's precache
 * list is filtered with it (the PWA plugin's manifestTransforms in vite.config.ts), so a new lazy chunk of the checkout is cached offline
 * without anyone listing it.
 */
export function checkoutChunkClosure(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const inAdmin = (id: string) => id.includes(`${path.sep}src${path.sep}web${path.sep}admin${path.sep}`);
  const inPackage = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);
  const plugin: Plugin = {
    name: 'fridge-check:checkout-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
      );
      // A lazy chunk only a package asks for (jsPDF's html2canvas, DOMPurify and canvg, for features the
      // receipt does not use) is never loaded by the checkout: not worth a device's storage.
      const neverLoaded = (id: string) => {
        const importers = this.getModuleInfo(id)?.dynamicImporters ?? [];
        return importers.length > 0 && importers.every(inPackage);
      };
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || files.has(fileName)) return;
        // Admin code (a page, or the chunk the pages share) is never what the checkout runs.
        if (!chunk.isEntry && chunk.moduleIds.some(inAdmin)) return;
        if (chunk.isDynamicEntry && !chunk.isEntry && neverLoaded(chunk.facadeModuleId ?? '')) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
      // A checkout chunk that imports an admin chunk statically would run only with it, and the service worker
      // never keeps admin chunks: the receipt (say) would fail offline. It happens when a module the checkout
      // imports is pulled into admin-common (a chunk group takes its modules' imports), so the build stops here.
      for (const fileName of files) {
        const chunk = chunks.get(fileName);
        const admin = chunk?.imports.find((next) => {
          const imported = chunks.get(next);
          return imported && !imported.isEntry && imported.moduleIds.some(inAdmin);
        });
        if (chunk && admin) {
          const shared =
            chunks
              .get(admin)
              ?.moduleIds.filter((id) => !inAdmin(id) && !inPackage(id))
              .map((id) => path.relative(process.cwd(), id)) ?? [];
          this.error(
            `The checkout's chunk ${fileName} imports the admin chunk ${admin}, which the service worker does not ` +
              `keep offline. Give the module they share a chunk of its own (a group in vite.config.ts) or stop ` +
              `the admin importing it. Modules in ${admin} from outside the admin: ${shared.join(', ') || 'none'}`,
          );
        }
      }
    },
  };
  return { plugin, files };
}
