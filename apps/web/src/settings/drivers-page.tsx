import { useTranslation } from 'react-i18next';
import { EntityTable } from './components/entity-table';

export default function DriversPage() {
  const { t } = useTranslation();
  return (
    <EntityTable
      resource="drivers"
      editPath="/settings/driver"
      columns={[
        { label: t('sharedName'), value: (driver) => driver.name },
        { label: t('deviceIdentifier'), value: (driver) => driver.uniqueId },
      ]}
    />
  );
}
