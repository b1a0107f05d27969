import { Ban, Copy, FileDown, FileText } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import type { HistoryCheckout } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { useAdminI18n } from '../admin-i18n';
import { guestNameText } from '../guest-name';
import { useGrant } from '../team/session-context';
import { PaymentStatus } from './payment-status';
import { downloadPastReceipt } from './receipt-download';
import { Revisions } from './revisions';
import { SubstituteForm } from './substitute-form';
import { TaxDocumentLine } from './tax-document-line';
import { TaxInvoiceForm } from './tax-invoice-form';
import { TaxNoteLines } from './tax-note-lines';
import { VoidForm } from './void-form';
import { WhoDidIt } from './who-did-it';

/** One checkout of the history: its lines and total, earlier versions, void, payment and the receipt PDF. */
export function CheckoutEntry({ checkout }: { checkout: HistoryCheckout }) {
  const [voiding, setVoiding] = useState(false);
  const [invoicing, setInvoicing] = useState(false);
  const [correcting, setCorrecting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [substituting, setSubstituting] = useState(false);
  const voided = checkout.voidedAt !== null;
  const headingId = `checkout-${checkout.id}`;
  const { a, baht, dateTime } = useAdminI18n();
  const voidGrant = useGrant('void');
  // A full invoice replaces the abbreviated one the checkout got when recorded (tax documents on).
  const mayInvoice = !voided && checkout.document?.type === 'abb' && checkout.document.status === 'issued';
  // A full invoice's buyer is corrected by cancelling it and issuing a new one in its place (sixth stage).
  const mayCorrect = !voided && checkout.document?.type === 'full' && checkout.document.status === 'issued';
  // A lost original is reissued as a substitute (seventh stage): a document that still stands.
  const maySubstitute = checkout.document?.status === 'issued';

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPastReceipt(checkout);
    } catch (error) {
      console.error('The PDF receipt could not be generated', error);
      toast.error(a.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl p-3 ring-1 ${voided ? 'bg-slate-50 ring-slate-300' : 'bg-white ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-bold text-slate-900">
          {a.bungalow(checkout.bungalow)} ·{' '}
          <time dateTime={checkout.createdAt}>{dateTime(checkout.createdAt)}</time>
        </h4>
        <span className="text-sm text-slate-600">{a.checkoutNumber(checkout.id)}</span>
      </div>
      <p className="text-slate-700">
        {a.guestIs(guestNameText(checkout.guestName, a))}
        {checkout.lateCharge && (
          <span className="ml-2 inline-block rounded-full bg-amber-100 px-2 text-sm font-semibold text-amber-900">
            {a.lateCharge}
          </span>
        )}
        {checkout.unverified && (
          <span
            title={a.unverifiedHint}
            className="ml-2 inline-block rounded-full bg-orange-100 px-2 text-sm font-semibold text-orange-900"
          >
            {a.unverified}
          </span>
        )}
      </p>
      <ul className={`mt-2 flex flex-col gap-1 ${voided ? 'text-slate-500 line-through' : ''}`}>
        {checkout.lines.map((line) => (
          <li key={`${line.drinkId}-${line.drinkName}`} className="flex justify-between gap-3">
            <span>
              {line.quantity} x {line.drinkName}{' '}
              <span className="text-slate-500">{a.at(baht(line.unitPrice))}</span>
            </span>
            <span>{baht(line.lineTotal)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-bold">
          <span>{a.total}</span>
          <span>{baht(checkout.total)}</span>
        </li>
      </ul>
      {checkout.revisions.length > 0 && <Revisions checkout={checkout} />}
      {voided && (
        <p className="mt-2 rounded-lg bg-red-50 p-2 text-red-900">
          <strong>{a.voided}</strong> {checkout.voidedAt && dateTime(checkout.voidedAt)}:{' '}
          {checkout.voidReason}
          <span className="block text-sm">{a.notCounted}</span>
        </p>
      )}
      {checkout.document && <TaxDocumentLine document={checkout.document} />}
      {checkout.notes && <TaxNoteLines notes={checkout.notes} />}
      {checkout.pms && (
        <p
          className={`mt-2 text-sm ${checkout.pms.state === 'failed' ? 'font-semibold text-amber-900' : 'text-slate-700'}`}
        >
          {checkout.pms.state === 'failed' && `${a.pmsNotPosted}: ${checkout.pms.reason ?? ''}`}
          {checkout.pms.state === 'posted' && a.pmsOnFolio(checkout.pms.reference ?? '')}
          {checkout.pms.state === 'voided' && a.pmsVoidedOnFolio}
          {checkout.pms.state === 'settled' && `${a.pmsSettleOutside}: ${checkout.pms.reason ?? ''}`}
        </p>
      )}
      <PaymentStatus checkout={checkout} />
      <WhoDidIt checkout={checkout} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={download}
          pending={downloading}
          aria-label={a.downloadReceiptOf(checkout.id, checkout.bungalow)}
        >
          <FileDown aria-hidden="true" className="size-5" />
          {a.receiptPdf}
        </Button>
        {mayInvoice && !invoicing && (
          <Button
            variant="secondary"
            onClick={() => setInvoicing(true)}
            aria-label={a.issueTaxInvoiceOf(checkout.id, checkout.bungalow)}
          >
            <FileText aria-hidden="true" className="size-5" />
            {a.issueTaxInvoice}
          </Button>
        )}
        {mayCorrect && !correcting && (
          <Button variant="secondary" onClick={() => setCorrecting(true)}>
            <FileText aria-hidden="true" className="size-5" />
            {a.correctBuyer}
          </Button>
        )}
        {maySubstitute && !substituting && checkout.document && (
          <Button
            variant="secondary"
            onClick={() => setSubstituting(true)}
            aria-label={a.substituteOf(checkout.document.number)}
          >
            <Copy aria-hidden="true" className="size-5" />
            {a.substitute}
          </Button>
        )}
        {!voided && !voiding && voidGrant !== 'no' && (
          <Button
            variant="ghost"
            onClick={() => setVoiding(true)}
            aria-label={a.voidCheckoutOf(checkout.id, checkout.bungalow)}
          >
            <Ban aria-hidden="true" className="size-5" />
            {a.void}
          </Button>
        )}
      </div>
      {voiding && !voided && <VoidForm checkout={checkout} onClose={() => setVoiding(false)} />}
      {/* Kept while open after the invoice is issued: the reloaded history already shows it, and the form
          still has its answer to act on (the print). */}
      {invoicing && <TaxInvoiceForm checkout={checkout} onClose={() => setInvoicing(false)} />}
      {substituting && <SubstituteForm checkout={checkout} onClose={() => setSubstituting(false)} />}
      {correcting && <TaxInvoiceForm checkout={checkout} correction onClose={() => setCorrecting(false)} />}
    </li>
  );
}
