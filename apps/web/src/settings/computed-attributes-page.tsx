import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../store/live-store';
import { EntityTable } from './components/entity-table';

/** Computed attributes; only administrators get the row menu. */
export default function ComputedAttributesPage() {
  const { t } = useTranslation();
  const administrator = useLiveStore((state) => state.user?.administrator ?? false);
  return (
    <EntityTable
      resource="computed"
      editPath="/settings/attribute"
      rowMenu={administrator}
      columns={[
        { label: t('sharedDescription'), value: (item) => item.description },
        { label: t('sharedAttribute'), value: (item) => item.attribute },
        { label: t('sharedExpression'), value: (item) => item.expression },
        { label: t('sharedType'), value: (item) => t(`sharedType${item.type.charAt(0).toUpperCase()}${item.type.slice(1)}`) },
      ]}
    />
  );
}
