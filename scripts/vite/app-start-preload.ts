import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * What the boot script (src/web/boot.ts) has the browser download at once, at its first import after the
 * first paint: React, the app (main.tsx's chunk), its stylesheet, and the lazy parts the guest's page mounts
 * as soon as it is hydrated (the toaster with the toasts' store, the offline panel), with everything they
 * import. Each chunk is evaluated later, in a task of its own (modulepreload fetches and compiles, it does not
 * run), but all of it is on the device within one round trip of the first paint: a guest whose connection
 * drops just after it still gets a working page that says 'Failed to load data' (the spec's test stops the
 * server right after the page loads). Not before the paint: every download that ends before it counts in
 * Lighthouse's LCP.
 *
 * Vite calls `resolveDependencies` for each dynamic import with the chunks it preloads; the boot's imports get
 * these too. The chunks' names are read from the bundle before Vite writes the preload lists.
 */
export function appStartPreload() {
  const sources = [
    'src/web/main.tsx',
    'src/web/components/toaster.tsx',
    'src/web/offline/offline-panel.tsx',
    // The Summary's lines and the receipt buttons: the guest's page asks for them as the app starts, and the form
    // takes the first taps' counts once they are here (checkout-page.tsx). With the app's start, not a round
    // trip after its chunk has run.
    'src/web/checkout/summary-lines.tsx',
  ].map((file) => path.resolve(file));
  let files: string[] = [];
  const plugin: Plugin = {
    name: 'fridge-check:app-start-preload',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        const chunks = new Map(
          Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
        );
        const found = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = chunks.get(fileName);
          if (!chunk || found.has(fileName)) return;
          found.add(fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(css);
          for (const next of chunk.imports) visit(next);
        };
        for (const chunk of chunks.values()) {
          if (chunk.moduleIds.some((id) => sources.includes(id))) visit(chunk.fileName);
        }
        files = [...found];
      },
    },
  };
  const bootSource = /(^|\/)boot-[^/]*\.js$/;
  return {
    plugin,
    /** build.modulePreload.resolveDependencies: the boot's imports preload the app's start too. */
    resolveDependencies(_file: string, deps: string[], { hostId }: { hostId: string }): string[] {
      if (!bootSource.test(hostId)) return deps;
      return [...new Set([...deps, ...files])];
    },
  };
}
