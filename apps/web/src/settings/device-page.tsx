import { Checkbox, FormControlLabel, MenuItem, TextField } from '@mui/material';
import { DEVICE_CATEGORIES, type Device } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { DEVICE_ATTRIBUTES } from './attribute-definitions';
import { AttributesEditor } from './components/attributes-editor';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';
import { GroupSelect } from './components/group-select';
import { LinkField } from './components/link-field';
import { categoryLabel } from './category-label';
import { eventLabel } from '../common/event-label';

/** A new device; opened from the unknown-tracker list, it starts with that identifier. */
const blankDevice = (): Omit<Device, 'id'> => ({
  name: '', uniqueId: new URLSearchParams(window.location.search).get('uniqueId') ?? '', status: 'unknown', disabled: false, lastUpdate: null, positionId: 0, groupId: 0, calendarId: 0,
  phone: null, model: null, contact: null, category: null, expirationTime: null, attributes: {},
});

const nullable = (value: string) => (value.trim() ? value : null);

/** /device and /device/{id}: Required, Extra, Attributes and, when editing, Connections. */
export default function DevicePage() {
  const { t } = useTranslation();
  return (
    <EditItemPage resource="devices" blank={blankDevice} backTo="/settings/devices" isValid={(device) => Boolean(device.name.trim() && device.uniqueId.trim())}>
      {(device, setDevice) => (
        <>
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <RequiredTextField name="name" label={t('sharedName')} value={device.name} onChange={(event) => setDevice({ ...device, name: event.target.value })} />
            <RequiredTextField name="uniqueId" label={t('deviceIdentifier')} value={device.uniqueId} onChange={(event) => setDevice({ ...device, uniqueId: event.target.value })} />
          </FormSection>
          <FormSection title={t('sharedExtra')}>
            <GroupSelect label={t('groupParent')} value={device.groupId} onChange={(groupId) => setDevice({ ...device, groupId })} />
            <TextField name="phone" label={t('sharedPhone')} value={device.phone ?? ''} onChange={(event) => setDevice({ ...device, phone: nullable(event.target.value) })} />
            <TextField name="model" label={t('deviceModel')} value={device.model ?? ''} onChange={(event) => setDevice({ ...device, model: nullable(event.target.value) })} />
            <TextField name="contact" label={t('deviceContact')} value={device.contact ?? ''} onChange={(event) => setDevice({ ...device, contact: nullable(event.target.value) })} />
            <TextField select name="category" label={t('deviceCategory')} value={device.category ?? 'default'} onChange={(event) => setDevice({ ...device, category: event.target.value })}>
              {DEVICE_CATEGORIES.map((category) => <MenuItem key={category} value={category}>{categoryLabel(t, category)}</MenuItem>)}
            </TextField>
            <FormControlLabel control={<Checkbox checked={device.disabled} onChange={(event) => setDevice({ ...device, disabled: event.target.checked })} />} label={t('sharedDisabled')} />
          </FormSection>
          <FormSection title={t('sharedAttributes')}>
            <AttributesEditor attributes={device.attributes} setAttributes={(attributes) => setDevice({ ...device, attributes })} definitions={DEVICE_ATTRIBUTES} />
          </FormSection>
          {device.id !== undefined && (
            <FormSection title={t('sharedConnections')}>
              <LinkField label={t('sharedGeofences')} resource="geofences" base={{ deviceId: device.id }} linkKey="geofenceId" />
              <LinkField label={t('sharedNotifications')} resource="notifications" base={{ deviceId: device.id }} linkKey="notificationId" titleOf={(item) => item.description || eventLabel(t, item.type)} />
              <LinkField label={t('sharedDrivers')} resource="drivers" base={{ deviceId: device.id }} linkKey="driverId" />
              <LinkField label={t('sharedComputedAttributes')} resource="computed" base={{ deviceId: device.id }} linkKey="attributeId" />
              <LinkField label={t('sharedMaintenance')} resource="maintenance" base={{ deviceId: device.id }} linkKey="maintenanceId" />
              <LinkField label={t('sharedSavedCommands')} resource="commands" base={{ deviceId: device.id }} linkKey="commandId" />
            </FormSection>
          )}
        </>
      )}
    </EditItemPage>
  );
}
