import type { Plugin } from 'vite';

/** V8's magic comment: compile every function in the file with the file (Chrome 136 and later). */
export const compileAllOnLoad = '//# allFunctionsCalledOnLoad';

/**
 * V8's explicit compile hint on the chunks named (docs/decisions/252): every function in them compiled as the
 * file streams in, on a background thread, instead of each at its first call on the main thread. The comment
 * goes on the file's first line, after the minifier (which drops comments) and after Vite's own first line
 * (`__vite__mapDeps`, added when the bundle is generated).
 */
export function compileHints(chunkNames: readonly string[]): Plugin {
  const names = new Set(chunkNames);
  return {
    name: 'fridge-check:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const item of Object.values(bundle)) {
          if (item.type !== 'chunk' || !names.has(item.name)) continue;
          if (!item.code.startsWith(compileAllOnLoad)) item.code = `${compileAllOnLoad}\n${item.code}`;
        }
      },
    },
  };
}
