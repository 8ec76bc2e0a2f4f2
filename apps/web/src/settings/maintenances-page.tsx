import { useTranslation } from 'react-i18next';
import { EntityTable } from './components/entity-table';
import { MaintenanceValue } from './maintenance-value';
import { POSITION_NUMBER_ATTRIBUTES } from './position-number-attributes';

export default function MaintenancesPage() {
  const { t } = useTranslation();
  const typeLabel = (type: string) => (POSITION_NUMBER_ATTRIBUTES[type] ? t(POSITION_NUMBER_ATTRIBUTES[type].label) : type);
  return (
    <EntityTable
      resource="maintenance"
      editPath="/settings/maintenance"
      columns={[
        { label: t('sharedName'), value: (item) => item.name },
        { label: t('sharedType'), value: (item) => typeLabel(item.type) },
        { label: t('maintenanceStart'), value: (item) => <MaintenanceValue value={item.start} subtype={POSITION_NUMBER_ATTRIBUTES[item.type]?.subtype} /> },
        { label: t('maintenancePeriod'), value: (item) => <MaintenanceValue value={item.period} subtype={POSITION_NUMBER_ATTRIBUTES[item.type]?.subtype} /> },
      ]}
    />
  );
}
