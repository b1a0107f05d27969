import { type FormEvent, useEffect, useState } from 'react';
import { useFetcher } from 'react-router';
import { staffLimits } from '../../../shared/staff-constants';
import { type VoidBottles, voidBottles, voidInputSchema } from '../../../shared/staff-schemas';
import type { HistoryCheckout } from '../../../shared/staff-types';
import { fetchFridge } from '../../api';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useGrant } from '../team/session-context';
import { useActionResult } from '../use-action-result';
import { type Issue, issueText } from '../validation';
import { ManagerApproval } from './manager-approval';

/**
 * Voids a checkout with a reason: it stays in the history and stops counting. A front desk's void (the rights
 * table's 'approval') asks for a manager in the same form: the manager picks their name and types their PIN,
 * and the void carries both; the history keeps both names.
 */
export function VoidForm({ checkout, onClose }: { checkout: HistoryCheckout; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  const needsManager = useGrant('void') === 'approval';
  const [reason, setReason] = useState('');
  // The form's own finding is kept as the issue, so its words follow a language switch; the server's as said.
  const [problem, setProblem] = useState<{ issue: Issue } | { text: string } | undefined>();
  const error = problem && ('issue' in problem ? issueText(problem.issue, i18n) : problem.text);
  // The manager's PIN came back wrong (or a wait): shown on the pad, which empties for another try.
  const [approvalResult, setApprovalResult] = useState<
    Extract<AdminActionResult, { ok: false }> | undefined
  >();
  const [attempt, setAttempt] = useState(0);
  const stockOn = useStockOn(checkout.bungalow);
  const [bottles, setBottles] = useState<VoidBottles>('in-fridge');

  useActionResult(fetcher, (result) => {
    if (result.ok) return onClose();
    if (needsManager && result.issues.length === 0 && result.status !== 409 && result.status !== 404) {
      setApprovalResult(result);
      setAttempt((n) => n + 1);
    } else setProblem({ text: result.issues[0]?.message ?? result.message });
  });

  const checkReason = () => {
    const parsed = voidInputSchema.safeParse({ reason });
    if (parsed.success) return parsed.data.reason;
    const issue = parsed.error.issues[0];
    setProblem(issue && { issue });
    return null;
  };

  const send = (approval?: { staffId: number; pin: string }) => {
    const checked = checkReason();
    if (checked === null) {
      setAttempt((n) => n + 1);
      return;
    }
    setProblem(undefined);
    setApprovalResult(undefined);
    fetcher.submit(
      {
        intent: 'void-checkout',
        id: checkout.id,
        reason: checked,
        ...(approval ? { approval } : {}),
        ...(stockOn ? { bottles } : {}),
      },
      submitOptions(),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (needsManager) checkReason();
    else send();
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 rounded-xl bg-red-50 p-3">
      <Field
        label={a.voidReasonFor(checkout.id)}
        hint={a.voidHint}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={staffLimits.voidReasonMax}
        error={error}
        autoFocus
      />
      {stockOn && (
        <fieldset className="flex flex-col gap-2">
          <legend className="text-sm font-semibold text-slate-800">{a.voidBottles}</legend>
          {voidBottles.map((value) => (
            <label key={value} className="flex min-h-12 items-center gap-2">
              <input
                type="radio"
                name={`void-bottles-${checkout.id}`}
                value={value}
                checked={bottles === value}
                onChange={() => setBottles(value)}
                className="size-5"
              />
              {value === 'in-fridge' ? a.bottlesInFridge : a.bottlesWrittenOff}
            </label>
          ))}
        </fieldset>
      )}
      {needsManager && (
        <ManagerApproval
          pending={fetcher.state !== 'idle'}
          result={approvalResult}
          attempt={attempt}
          onApprove={(staffId, pin) => send({ staffId, pin })}
        />
      )}
      <div className="flex flex-wrap gap-2">
        {!needsManager && (
          <Button type="submit" variant="danger" pending={fetcher.state !== 'idle'}>
            {a.voidCheckout}
          </Button>
        )}
        <Button variant="secondary" onClick={onClose}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}

/** Whether stock is on, as the bungalow's fridge says (public, counts only): then a void says where the bottles are. */
function useStockOn(bungalow: number): boolean {
  const [on, setOn] = useState(false);
  useEffect(() => {
    let current = true;
    fetchFridge(bungalow).then(
      (fridge) => current && setOn(fridge.stock),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [bungalow]);
  return on;
}
