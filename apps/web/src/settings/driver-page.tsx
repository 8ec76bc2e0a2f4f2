import type { Driver } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { AttributesEditor } from './components/attributes-editor';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';

const blankDriver = (): Omit<Driver, 'id'> => ({ name: '', uniqueId: '', attributes: {} });

/** /settings/driver/{id?}: name, identifier (e.g. an RFID card), attributes. */
export default function DriverPage() {
  const { t } = useTranslation();
  return (
    <EditItemPage resource="drivers" blank={blankDriver} backTo="/settings/drivers" isValid={(driver) => Boolean(driver.name.trim() && driver.uniqueId.trim())}>
      {(driver, setDriver) => (
        <>
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <RequiredTextField name="name" label={t('sharedName')} value={driver.name} onChange={(event) => setDriver({ ...driver, name: event.target.value })} />
            <RequiredTextField name="uniqueId" label={t('deviceIdentifier')} value={driver.uniqueId} onChange={(event) => setDriver({ ...driver, uniqueId: event.target.value })} />
          </FormSection>
          <FormSection title={t('sharedAttributes')}>
            <AttributesEditor attributes={driver.attributes} setAttributes={(attributes) => setDriver({ ...driver, attributes })} definitions={{}} />
          </FormSection>
        </>
      )}
    </EditItemPage>
  );
}
