import type { AuditActor } from '../../../shared/audit-types';
import type { AdminMessages } from '../../../shared/i18n/admin-en';
import { localeOf } from '../../../shared/i18n/languages';
import type { HistoryCheckout } from '../../../shared/staff-types';
import { type AdminI18n, useAdminI18n } from '../admin-i18n';
import { methodLabel } from './payment-status';

/** "Noi on Desk tablet", "Owner", "a guest": who did something, as they were named then, in the page's language. */
export function actorText(a: AdminMessages, actor: AuditActor): string {
  const name = actor.role === 'owner' ? a.roleOwner : actor.role === 'guest' ? a.aGuest : actor.name;
  return actor.device ? a.onDevice(name, actor.device.name) : name;
}

/** The time alone on the checkout's own day ("14:02"), else the date too. */
function whenText({ language, dateTime }: AdminI18n, at: string, day: string): string {
  const sameDay = new Date(at).toDateString() === new Date(day).toDateString();
  if (!sameDay) return dateTime(at);
  // 24-hour, as a desk's day runs ("14:02").
  return new Date(at).toLocaleTimeString(localeOf(language), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
}

/**
 * Who did what to a checkout, oldest first: who recorded it, each payment marked or undone, the void and the
 * manager who approved it ("Marked paid (Cash) by Noi on Desk tablet, 14:02"). Names, never session hashes.
 */
export function WhoDidIt({ checkout }: { checkout: HistoryCheckout }) {
  const i18n = useAdminI18n();
  const { a } = i18n;
  const when = (at: string) => whenText(i18n, at, checkout.createdAt);
  const lines: { key: string; text: string; at: string }[] = [];
  if (checkout.recordedBy) {
    lines.push({
      key: 'recorded',
      text: a.eventRecorded(actorText(a, checkout.recordedBy), when(checkout.createdAt)),
      at: checkout.createdAt,
    });
  }
  for (const event of checkout.paymentEvents) {
    const who = event.by ? actorText(a, event.by) : event.recordedBy;
    lines.push({
      key: `payment-${event.recordedAt}`,
      text:
        event.method === null
          ? a.eventPaymentUndone(who, when(event.recordedAt))
          : a.eventMarkedPaid(methodLabel(a, event.method), who, when(event.recordedAt)),
      at: event.recordedAt,
    });
  }
  if (checkout.voidedAt && checkout.voidedBy) {
    const who = actorText(a, checkout.voidedBy);
    const approver = checkout.voidApprovedBy?.name;
    lines.push({
      key: 'voided',
      text: approver
        ? a.eventVoidedApproved(who, approver, when(checkout.voidedAt))
        : a.eventVoided(who, when(checkout.voidedAt)),
      at: checkout.voidedAt,
    });
  }
  if (lines.length === 0) return null;
  lines.sort((x, y) => x.at.localeCompare(y.at));
  return (
    <ul aria-label={a.whoDidWhat(checkout.id)} className="mt-2 flex flex-col gap-0.5 text-sm text-slate-700">
      {lines.map((line) => (
        <li key={line.key}>{line.text}</li>
      ))}
    </ul>
  );
}
