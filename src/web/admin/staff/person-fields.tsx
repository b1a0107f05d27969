import type { UseFormRegisterReturn } from 'react-hook-form';
import { teamLimits } from '../../../shared/team-schemas';
import { Field } from '../../components/ui/field';
import { useAdminI18n } from '../admin-i18n';
import { RoleSelect } from './role-select';

/** The PIN fields: digits only, hidden as typed, never offered by the browser's password manager. */
export const pinInputProps = {
  type: 'password',
  inputMode: 'numeric',
  autoComplete: 'new-password',
  maxLength: teamLimits.pinLength,
} as const;

/** A person's name and role, as "Add a person" and a person's edit form both ask for them. */
export function NameAndRoleFields({
  name,
  role,
  errors,
}: {
  name: UseFormRegisterReturn;
  role: UseFormRegisterReturn;
  errors: { name?: string; role?: string };
}) {
  const { a } = useAdminI18n();
  return (
    <>
      <Field
        label={a.personName}
        autoComplete="off"
        maxLength={teamLimits.nameMax}
        {...name}
        error={errors.name}
      />
      <RoleSelect {...role} error={errors.role} />
    </>
  );
}

/** A PIN typed twice (a new person's, or a new one for someone), the first with the PIN rules as its hint. */
export function PinPairFields({
  pinLabel,
  pin,
  pinAgain,
  errors,
}: {
  pinLabel: string;
  pin: UseFormRegisterReturn;
  pinAgain: UseFormRegisterReturn;
  errors: { pin?: string; pinAgain?: string };
}) {
  const { a } = useAdminI18n();
  return (
    <>
      <Field label={pinLabel} hint={a.pinHint} {...pinInputProps} {...pin} error={errors.pin} />
      <Field label={a.pinAgain} {...pinInputProps} {...pinAgain} error={errors.pinAgain} />
    </>
  );
}
