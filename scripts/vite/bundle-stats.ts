import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Records which source modules went into which chunk, outside the served folder (dist/bundle-stats.json):
 * `npm run bench` uses it to prove that no PDF or admin code is in what /checkout loads first.
 */
export function bundleStats(): Plugin {
  let outDir = '';
  return {
    name: 'fridge-check:bundle-stats',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                file: item.fileName,
                name: item.name,
                isEntry: item.isEntry,
                isDynamicEntry: item.isDynamicEntry,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                // Bytes each module adds to the chunk before minification: enough to rank what is heavy.
                modules: Object.fromEntries(
                  Object.entries(item.modules).map(([id, module]) => [
                    path.relative(process.cwd(), id),
                    module.renderedLength,
                  ]),
                ),
              },
            ]
          : [],
      );
      fs.writeFileSync(
        path.resolve(outDir, '../bundle-stats.json'),
        `${JSON.stringify({ chunks }, null, 1)}\n`,
      );
    },
  };
}
