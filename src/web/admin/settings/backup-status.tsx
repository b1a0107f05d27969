import { CircleAlert, DatabaseBackup } from 'lucide-react';
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { BackupStatus } from '../../../shared/backup-types';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';

/** The Settings page's word on backups: the last one, and a warning when none is a day old. */
export function BackupStatusSection({ status }: { status: Promise<BackupStatus> }) {
  const { a } = useAdminI18n();
  return (
    <PageSection id="backups" title={a.backupsTitle}>
      <Suspense fallback={<Loading />}>
        <Await resolve={status} errorElement={<LoadFailed what={a.theBackupStatus} />}>
          {(loaded) => <BackupStatusText status={loaded} />}
        </Await>
      </Suspense>
    </PageSection>
  );
}

function BackupStatusText({ status }: { status: BackupStatus }) {
  const { a, dateTime, number } = useAdminI18n();
  if (status.database === 'postgres') return <p className="text-slate-700">{a.backupPostgres}</p>;
  const megabytes = (bytes: number) =>
    a.backupSize(number(Math.max(0.1, Math.round(bytes / 104_857.6) / 10)));
  return (
    <div className="flex flex-col gap-3">
      {status.stale && (
        <p
          role="alert"
          className="flex items-start gap-2 rounded-lg bg-amber-50 p-2 font-semibold text-amber-900"
        >
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {a.backupStale}
        </p>
      )}
      <p className="flex items-start gap-2 text-slate-900">
        <DatabaseBackup aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-slate-600" />
        {status.last
          ? a.backupLast(dateTime(status.last.at), status.last.file, megabytes(status.last.bytes))
          : a.backupNone}
      </p>
      {status.lastFailure && (
        <p className="text-red-800">
          {a.backupFailed(dateTime(status.lastFailure.at), status.lastFailure.message)}
        </p>
      )}
      <p className="text-sm text-slate-600">
        {a.backupSchedule(status.dailyAt, status.timeZone, status.keep, status.directory)}
      </p>
    </div>
  );
}
