import '../zod-jitless';
import type { ResortSettings } from '../../../shared/resort-settings';
import { fetchSettings } from '../../api';
import { fetchStickerKeys } from '../admin-api';
import { pageLoader, reportLoadFailure } from '../admin-data';
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

export function Component() {
  const data = usePageData<typeof loader>();
  if (!data) return null;
  return <StickersPage settings={data.settings} />;
}
