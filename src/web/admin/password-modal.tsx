import { type FormEvent, useRef, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { loginInputSchema } from '../../shared/schemas';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Modal } from '../components/ui/modal';
import { type AdminActionResult, submitOptions } from './admin-data';
import { useAdminI18n } from './admin-i18n';
import { useActionResult } from './use-action-result';
import { issueText } from './validation';

export interface PasswordModalProps {
  /** The panel was open and the session ended: say so, and that nothing typed is lost. */
  sessionEnded: boolean;
}

/** 'Admin Access': the password goes to the server, which answers with a session cookie. */
export function PasswordModal({ sessionEnded }: PasswordModalProps) {
  const fetcher = useFetcher<AdminActionResult>();
  const navigate = useNavigate();
  const i18n = useAdminI18n();
  const { t, a } = i18n;
  const inputRef = useRef<HTMLInputElement>(null);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();

  useActionResult(fetcher, (result) => {
    if (result.ok) return; // the reloaded loader unlocks the panel and this modal goes away
    setError(result.message);
    inputRef.current?.select();
  });

  const cancel = () => navigate('/checkout');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = loginInputSchema.safeParse({ password });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(issue && issueText(issue, i18n));
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    fetcher.submit({ intent: 'login', password: parsed.data.password }, submitOptions());
  };

  return (
    <Modal title={t.adminAccess} onClose={cancel} description={sessionEnded ? a.sessionEnded : undefined}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          ref={inputRef}
          label={a.adminPassword}
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder={t.passwordPlaceholder}
          // The modal exists to take this password; starting anywhere else would be a wasted Tab.
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          announceError
        />
        <div className="flex gap-3">
          <Button type="submit" pending={fetcher.state !== 'idle'} className="flex-1">
            {a.login}
          </Button>
          <Button type="button" variant="secondary" onClick={cancel} className="flex-1">
            {a.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
