import { useTranslation } from 'react-i18next';
import { useResourceList } from '../api/resource-api';
import { EntityTable } from './components/entity-table';
import { UnknownDevicesPanel } from './unknown-devices-panel';

/** Every device the user can see; new devices are added from the map's sidebar. */
export default function DevicesPage() {
  const { t } = useTranslation();
  const groups = useResourceList('groups').data ?? [];
  const groupName = (id: number) => groups.find((group) => group.id === id)?.name ?? '';
  return (
    <>
      <UnknownDevicesPanel />
      <EntityTable
        resource="devices"
        editPath="/device"
        canAdd={false}
        columns={[
          { label: t('sharedName'), value: (device) => device.name },
          { label: t('deviceIdentifier'), value: (device) => device.uniqueId },
          { label: t('groupParent'), value: (device) => groupName(device.groupId) },
          { label: t('sharedPhone'), value: (device) => device.phone ?? '' },
          { label: t('deviceModel'), value: (device) => device.model ?? '' },
          { label: t('deviceContact'), value: (device) => device.contact ?? '' },
        ]}
      />
    </>
  );
}
