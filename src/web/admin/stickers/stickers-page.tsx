import { KeyRound, Printer } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import { stickerCall } from '../../../shared/payment-constants';
import type { ResortSettings } from '../../../shared/resort-settings';
import { QrCode } from '../../components/qr-code';
import { Button } from '../../components/ui/button';
import { Modal } from '../../components/ui/modal';
import { SelectField } from '../../components/ui/select-field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { useActionResult } from '../use-action-result';

/**
 * The link a bungalow's sticker opens: the resort's public address from the settings, or else the address
 * this page was opened on (right when staff print from the same network the guests use). With the bungalow's
 * key `k`, a check sent from the page it opens is known to come from the fridge (abuse resistance).
 */
export function stickerLink(base: string, bungalow: number, key?: string): string {
  const link = `${base.replace(/\/+$/, '')}/checkout?bungalow=${bungalow}`;
  return key ? `${link}&k=${encodeURIComponent(key)}` : link;
}

/** The settings with each bungalow's sticker key (GET /api/stickers). */
export type StickerSettings = ResortSettings & { stickerKeys: Map<number, string> };

export function StickersPage({ settings }: { settings: Promise<StickerSettings> }) {
  const { a } = useAdminI18n();
  return (
    <PageSection id="stickers" title={a.pageStickers}>
      <Suspense fallback={<Loading />}>
        <Await resolve={settings} errorElement={<LoadFailed what={a.theResortSettings} />}>
          {(loaded: StickerSettings) => <StickerSheet settings={loaded} />}
        </Await>
      </Suspense>
    </PageSection>
  );
}

function StickerSheet({ settings }: { settings: StickerSettings }) {
  const base = settings.publicUrl ?? window.location.origin;
  const bungalows = settings.bungalowNumbers;
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 print:hidden">
        <p className="break-words text-slate-700">
          {a.stickersIntro(bungalows.length, base, Boolean(settings.publicUrl))}
        </p>
        <div>
          <Button onClick={() => window.print()}>
            <Printer aria-hidden="true" className="size-5" />
            {a.printStickers}
          </Button>
        </div>
        {bungalows.length > 0 && <ReplaceKeys bungalows={bungalows} />}
      </div>
      {bungalows.length === 0 ? (
        <p className="text-slate-600">{a.noBungalowsSet}</p>
      ) : (
        <ul
          data-print-area="stickers"
          aria-label={a.stickers}
          className="sticker-sheet grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3"
        >
          {bungalows.map((bungalow) => (
            <Sticker
              key={bungalow}
              resortName={settings.resortName}
              bungalow={bungalow}
              link={stickerLink(base, bungalow, settings.stickerKeys.get(bungalow))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function Sticker({ resortName, bungalow, link }: { resortName: string; bungalow: number; link: string }) {
  const headingId = `sticker-${bungalow}`;
  const { a } = useAdminI18n();
  return (
    <li
      aria-labelledby={headingId}
      className="sticker flex flex-col items-center gap-1 rounded-xl bg-white p-3 text-center ring-1 ring-slate-300"
    >
      {resortName && <p className="text-sm font-semibold text-slate-700">{resortName}</p>}
      <h4 id={headingId} className="text-2xl font-extrabold text-slate-900">
        {a.bungalow(bungalow)}
      </h4>
      <QrCode text={link} label={a.qrCodeOf(link)} className="sticker-qr size-40" />
      {/*
        The call in English and Thai side by side, whatever language the page is printed in: the sticker stays
        on the fridge and guests from everywhere read it. Each marked with its language for screen readers.
      */}
      <p lang="en" className="font-bold text-slate-900">
        {stickerCall.en}
      </p>
      <p lang="th" className="font-bold text-slate-900">
        {stickerCall.th}
      </p>
      <p className="break-all text-xs text-slate-600">{link}</p>
    </li>
  );
}

/**
 * Sixth stage: a sticker key replaced (a sticker photographed, a key passed around), one bungalow's or all;
 * the page shows the new stickers at once (the loader reloads after the write). Confirmed first: the stickers
 * on the fridges stop lifting the limits until the new ones are put up.
 */
function ReplaceKeys({ bungalows }: { bungalows: number[] }) {
  const { a } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const [which, setWhich] = useState('all');
  const [confirming, setConfirming] = useState(false);
  useActionResult(fetcher, () => setConfirming(false));
  const bungalow = which === 'all' ? undefined : Number(which);
  return (
    <div className="flex flex-wrap items-end gap-2">
      <SelectField label={a.replaceKeysOf} value={which} onChange={(event) => setWhich(event.target.value)}>
        <option value="all">{a.allStickerKeys}</option>
        {bungalows.map((number) => (
          <option key={number} value={String(number)}>
            {a.bungalow(number)}
          </option>
        ))}
      </SelectField>
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        <KeyRound aria-hidden="true" className="size-5" />
        {a.replaceStickerKeys}
      </Button>
      {confirming && (
        <Modal
          title={a.replaceStickerKeys}
          onClose={() => setConfirming(false)}
          description={a.replaceKeysWarning(bungalow === undefined ? a.everyBungalow : a.bungalow(bungalow))}
        >
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              pending={fetcher.state !== 'idle'}
              onClick={() =>
                fetcher.submit(
                  { intent: 'rotate-keys', ...(bungalow === undefined ? {} : { bungalow }) },
                  submitOptions(),
                )
              }
            >
              {a.replaceKeys}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {a.cancel}
            </Button>
          </div>
        </Modal>
      )}
    </div>
  );
}
