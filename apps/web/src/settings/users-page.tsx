import { useTranslation } from 'react-i18next';
import { EntityTable } from './components/entity-table';

/** /admin/users: every user this administrator or manager can see. */
export default function UsersPage() {
  const { t } = useTranslation();
  const yesNo = (value: boolean) => (value ? t('sharedYes') : t('sharedNo'));
  return (
    <EntityTable
      resource="users"
      editPath="/user"
      columns={[
        { label: t('sharedName'), value: (user) => user.name },
        { label: t('userEmail'), value: (user) => user.email },
        { label: t('userAdmin'), value: (user) => yesNo(user.administrator) },
        { label: t('sharedDisabled'), value: (user) => yesNo(user.disabled) },
      ]}
    />
  );
}
