import { type StaffRole, staffRoles } from '../../../shared/team';
import { SelectField, type SelectFieldProps } from '../../components/ui/select-field';
import { useAdminI18n } from '../admin-i18n';
import { roleLabel } from '../team/role-label';
import { useRole } from '../team/session-context';
import { mayManage } from './manage-rule';

/** The roles the signed-in person may give (a manager cannot make a manager). */
export function RoleSelect(props: Omit<SelectFieldProps, 'label' | 'children'>) {
  const { a } = useAdminI18n();
  const viewer = useRole() ?? 'owner';
  const roles = staffRoles.filter((role: StaffRole) => mayManage(viewer, role));
  return (
    <SelectField label={a.role} {...props}>
      {roles.map((role) => (
        <option key={role} value={role}>
          {roleLabel(a, role)}
        </option>
      ))}
    </SelectField>
  );
}
