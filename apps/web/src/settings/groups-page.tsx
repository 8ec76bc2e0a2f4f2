import { useTranslation } from 'react-i18next';
import { useResourceList } from '../api/resource-api';
import { EntityTable } from './components/entity-table';

export default function GroupsPage() {
  const { t } = useTranslation();
  const groups = useResourceList('groups').data ?? [];
  const groupName = (id: number) => groups.find((group) => group.id === id)?.name ?? '';
  return (
    <EntityTable
      resource="groups"
      editPath="/settings/group"
      columns={[
        { label: t('sharedName'), value: (group) => group.name },
        { label: t('groupParent'), value: (group) => groupName(group.groupId) },
      ]}
    />
  );
}
