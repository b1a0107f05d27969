import { type FormEvent, useState } from 'react';
import type { HistoryCheckout } from '../../../shared/staff-types';
import { substituteRequestSchema } from '../../../shared/tax-schemas';
import { ApiError } from '../../api';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { substituteTaxDocument } from '../admin-api';
import { useAdminI18n } from '../admin-i18n';
import { downloadPastReceipt } from './receipt-download';

/**
 * A substitute (ใบแทน) for a lost original (seventh stage): the reason, then the server counts it
 * (`POST /api/tax/documents/:number/substitute`, audited `document.substituted`) and the receipt's generator
 * prints the document again marked "ใบแทนออกให้ครั้งที่ {n}", with the substitute's date and the reason.
 */
export function SubstituteForm({ checkout, onClose }: { checkout: HistoryCheckout; onClose: () => void }) {
  const { a } = useAdminI18n();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);
  const number = checkout.document?.number ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = substituteRequestSchema.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setPending(true);
    try {
      const substitute = await substituteTaxDocument(number, parsed.data.reason);
      await downloadPastReceipt(checkout, {
        copy: false,
        substitute: { time: substitute.time, at: new Date(substitute.issuedAt), reason: substitute.reason },
      });
      onClose();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : a.pdfFailed);
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 rounded-xl bg-slate-50 p-3">
      <Field
        label={a.substituteReasonFor(number)}
        hint={a.substituteHint}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={pending}>
          {a.printSubstitute}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}
