import { KeyRound } from 'lucide-react';
import { useAdminI18n } from '../admin-i18n';

/** A new signing secret: the only time the server answers it (after adding and after a rotation). */
export function SecretOnce({ secret }: { secret: string }) {
  const { a } = useAdminI18n();
  return (
    <div role="status" className="flex flex-col gap-1 rounded-xl bg-amber-50 p-3 text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <KeyRound aria-hidden="true" className="size-5 shrink-0" />
        {a.webhookSecretOnce}
      </p>
      <label className="flex flex-col gap-1">
        <span className="text-sm">{a.webhookSecret}</span>
        <input
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
          className="rounded-lg bg-white px-3 py-2 font-mono text-sm ring-1 ring-amber-300"
        />
      </label>
    </div>
  );
}
