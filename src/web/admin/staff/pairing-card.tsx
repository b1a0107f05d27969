import type { PairingCode } from '../../../shared/team-types';
import { QrCode } from '../../components/qr-code';
import { useAdminI18n } from '../admin-i18n';

/** "K7MP3QXD" as "K7MP-3QXD": two groups of four are easier to read out and type. */
export const spacedCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The pairing landing on this app's own address: the phone's camera opens it with the code filled in. */
export const pairingLink = (code: string) =>
  `${window.location.origin}/admin?pair=${encodeURIComponent(code)}`;

export function PairingCard({ pairing }: { pairing: PairingCode }) {
  const { a, dateTime } = useAdminI18n();
  const link = pairingLink(pairing.code);
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl bg-slate-50 p-4 text-center ring-1 ring-slate-200">
      <p className="text-slate-700">{a.pairingCode}</p>
      <p
        className="font-mono text-4xl font-bold tracking-widest text-slate-900"
        data-pairing-code={pairing.code}
      >
        {spacedCode(pairing.code)}
      </p>
      <QrCode text={link} label={a.pairingQr(spacedCode(pairing.code))} className="size-56" />
      <p className="text-sm text-slate-600">{a.pairingValidUntil(dateTime(pairing.expiresAt))}</p>
      <p className="break-all text-sm text-slate-600">{link}</p>
    </div>
  );
}
