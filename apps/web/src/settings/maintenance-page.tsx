import { MenuItem, TextField } from '@mui/material';
import type { Maintenance } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { AttributesEditor } from './components/attributes-editor';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';
import { UnitNumberField } from './components/unit-number-field';
import { POSITION_NUMBER_ATTRIBUTES } from './position-number-attributes';

const blankMaintenance = (): Omit<Maintenance, 'id'> => ({ name: '', type: 'totalDistance', start: 0, period: 0, attributes: {} });

/** /settings/maintenance/{id?}: start and period in the user's unit for the chosen type; a new type starts both at 0. */
export default function MaintenancePage() {
  const { t } = useTranslation();
  return (
    <EditItemPage resource="maintenance" blank={blankMaintenance} backTo="/settings/maintenances" isValid={(item) => Boolean(item.name.trim() && item.type)}>
      {(item, setItem) => {
        const subtype = POSITION_NUMBER_ATTRIBUTES[item.type]?.subtype;
        return (
          <>
            <FormSection title={t('sharedRequired')} defaultExpanded>
              <RequiredTextField name="name" label={t('sharedName')} value={item.name} onChange={(event) => setItem({ ...item, name: event.target.value })} />
              <TextField select name="type" label={t('sharedType')} value={item.type} onChange={(event) => setItem({ ...item, type: event.target.value, start: 0, period: 0 })}>
                {Object.entries(POSITION_NUMBER_ATTRIBUTES).map(([key, definition]) => <MenuItem key={key} value={key}>{t(definition.label)}</MenuItem>)}
              </TextField>
              <UnitNumberField name="start" label={t('maintenanceStart')} value={item.start} subtype={subtype} onChange={(start) => setItem({ ...item, start })} />
              <UnitNumberField name="period" label={t('maintenancePeriod')} value={item.period} subtype={subtype} onChange={(period) => setItem({ ...item, period })} />
            </FormSection>
            <FormSection title={t('sharedAttributes')}>
              <AttributesEditor attributes={item.attributes} setAttributes={(attributes) => setItem({ ...item, attributes })} definitions={{}} />
            </FormSection>
          </>
        );
      }}
    </EditItemPage>
  );
}
