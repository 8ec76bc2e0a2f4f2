import type { Geofence } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { AttributesEditor } from '../settings/components/attributes-editor';
import { EditItemPage } from '../settings/components/edit-item-page';
import { FormSection } from '../settings/components/form-section';
import { RequiredTextField } from '../settings/components/form-validation';
import { GEOFENCE_ATTRIBUTES } from './geofence-attributes';

const blankGeofence = (): Omit<Geofence, 'id'> => ({ name: '', description: null, area: '', calendarId: 0, attributes: {} });

/** /geofence/{id}: name and attributes of a geofence; its area is edited on the map. */
export default function GeofencePage() {
  const { t } = useTranslation();
  // geofences are created by drawing, never from an empty form
  if (!useParams().id) return <Navigate to="/geofences" replace />;
  return (
    <EditItemPage resource="geofences" blank={blankGeofence} backTo="/geofences" isValid={(geofence) => Boolean(geofence.name.trim())}>
      {(geofence, setGeofence) => (
        <>
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <RequiredTextField name="name" label={t('sharedName')} value={geofence.name} onChange={(event) => setGeofence({ ...geofence, name: event.target.value })} autoFocus />
          </FormSection>
          <FormSection title={t('sharedAttributes')}>
            <AttributesEditor attributes={geofence.attributes} setAttributes={(attributes) => setGeofence({ ...geofence, attributes })} definitions={GEOFENCE_ATTRIBUTES} />
          </FormSection>
        </>
      )}
    </EditItemPage>
  );
}
