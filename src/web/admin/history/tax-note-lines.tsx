import { FileDown } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast/headless';
import { formatSatangGrouped } from '../../../shared/satang';
import type { TaxNote } from '../../../shared/tax';
import { Button } from '../../components/ui/button';
import { makeNoteFile, saveFile } from '../../receipt-file';
import { useAdminI18n } from '../admin-i18n';

/**
 * The credit and debit notes that adjusted a checkout after its month ended (seventh stage): each with its
 * number, the invoice it adjusts, the difference and the reason, and its PDF (marked a copy: the guest or the
 * buyer had the original).
 */
export function TaxNoteLines({ notes }: { notes: TaxNote[] }) {
  return (
    <ul className="mt-2 flex flex-col gap-2 text-sm text-slate-700">
      {notes.map((note) => (
        <TaxNoteLine key={note.number} note={note} />
      ))}
    </ul>
  );
}

function TaxNoteLine({ note }: { note: TaxNote }) {
  const { a, language } = useAdminI18n();
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await makeNoteFile(note));
    } catch (error) {
      console.error('The note PDF could not be generated', error);
      toast.error(a.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-2">
      <span>
        <span className="font-semibold text-slate-900">{a.taxNoteOf(note.type, note.number)}</span>{' '}
        {a.taxNoteAdjusts(note.adjusts, formatSatangGrouped(language, note.total))}
        {note.reason ? `: ${note.reason}` : ''}
      </span>
      <Button
        variant="secondary"
        onClick={download}
        pending={downloading}
        aria-label={a.downloadNoteOf(note.type, note.number)}
      >
        <FileDown aria-hidden="true" className="size-5" />
        {a.notePdf(note.type)}
      </Button>
    </li>
  );
}
