import '../zod-jitless';
import type { ResortSettings } from '../../../shared/resort-settings';
import { fetchSettings } from '../../api';
import { fetchStickerKeys, rotateStickerKeys } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { usePageData } from '../use-page-data';
import { StickersPage } from './stickers-page';

/** /admin/stickers: one QR sticker per bungalow of the settings, to print on A4 and put on each fridge. */

export const loader = pageLoader(() => ({
  settings: reportLoadFailure(
    Promise.all([fetchSettings<ResortSettings>(), fetchStickerKeys()]).then(([settings, keys]) => ({
      ...settings,
      stickerKeys: new Map(keys.map((key) => [key.bungalow, key.k])),
    })),
  ),
}));

/** Sixth stage: one bungalow's sticker key replaced, or every key (owner and manager, as the page). */
export type StickersCommand = { intent: 'rotate-keys'; bungalow?: number };

export const action = pageAction<StickersCommand>({
  run: (command) => rotateStickerKeys(command.bungalow),
  success: { 'rotate-keys': ({ a }) => a.stickerKeysReplaced },
  failure: { 'rotate-keys': ({ a }) => a.failedToReplaceKeys },
});

export function Component() {
  const data = usePageData<typeof loader>();
  if (!data) return null;
  return <StickersPage settings={data.settings} />;
}
