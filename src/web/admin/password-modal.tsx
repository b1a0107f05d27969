import { type FormEvent, useRef, useState } from 'react';
import { useFetcher, useNavigate } from 'react-router';
import { texts } from '../../shared/constants';
import { loginInputSchema } from '../../shared/schemas';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { Modal } from '../components/ui/modal';
import { type AdminActionResult, submitOptions } from './admin-data';
import { useActionResult } from './use-action-result';

export interface PasswordModalProps {
  /** The panel was open and the session ended: say so, and that nothing typed is lost. */
  sessionEnded: boolean;
}

/** 'Admin Access': the password goes to the server, which answers with a session cookie. */
export function PasswordModal({ sessionEnded }: PasswordModalProps) {
  const fetcher = useFetcher<AdminActionResult>();
  const navigate = useNavigate();
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
      setError(parsed.error.issues[0]?.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    fetcher.submit({ intent: 'login', password: parsed.data.password }, submitOptions());
  };

  return (
    <Modal
      title={texts.adminAccess}
      onClose={cancel}
      description={
        sessionEnded
          ? 'Your admin session has ended. Enter the password to carry on; what you typed is kept.'
          : undefined
      }
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          ref={inputRef}
          label="Admin password"
          type="password"
          name="password"
          autoComplete="current-password"
          placeholder={texts.passwordPlaceholder}
          // The modal exists to take this password; starting anywhere else would be a wasted Tab.
          autoFocus
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
          announceError
        />
        <div className="flex gap-3">
          <Button type="submit" pending={fetcher.state !== 'idle'} className="flex-1">
            Login
          </Button>
          <Button type="button" variant="secondary" onClick={cancel} className="flex-1">
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
