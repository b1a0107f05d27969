import type { TaxDocument } from '../../../shared/tax';
import { useAdminI18n } from '../admin-i18n';

/** The checkout's tax document as the desk needs to find it: its kind and number, its buyer, what became of it. */
export function TaxDocumentLine({ document }: { document: TaxDocument }) {
  const { a } = useAdminI18n();
  const fate =
    document.status === 'cancelled'
      ? a.taxDocumentCancelled
      : document.status === 'replaced' && document.replacedBy
        ? a.taxDocumentReplaced(document.replacedBy)
        : null;
  return (
    <p className="mt-2 text-sm text-slate-700">
      <span className="font-semibold text-slate-900">{a.taxDocumentOf(document.type, document.number)}</span>
      {document.type === 'full' && <> {a.taxInvoiceFor(document.buyer.name)}</>}
      {fate && <> ({fate})</>}
    </p>
  );
}
