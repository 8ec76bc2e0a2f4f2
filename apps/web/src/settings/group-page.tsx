import type { Group } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { DEVICE_ATTRIBUTES } from './attribute-definitions';
import { AttributesEditor } from './components/attributes-editor';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';
import { GroupSelect } from './components/group-select';

const blankGroup = (): Omit<Group, 'id'> => ({ name: '', groupId: 0, attributes: {} });

/** /settings/group/{id?}: name, parent group, attributes. */
export default function GroupPage() {
  const { t } = useTranslation();
  return (
    <EditItemPage resource="groups" blank={blankGroup} backTo="/settings/groups" isValid={(group) => Boolean(group.name.trim())}>
      {(group, setGroup) => (
        <>
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <RequiredTextField name="name" label={t('sharedName')} value={group.name} onChange={(event) => setGroup({ ...group, name: event.target.value })} />
          </FormSection>
          <FormSection title={t('sharedExtra')}>
            <GroupSelect label={t('groupParent')} value={group.groupId} excludeId={group.id} onChange={(groupId) => setGroup({ ...group, groupId })} />
          </FormSection>
          <FormSection title={t('sharedAttributes')}>
            <AttributesEditor attributes={group.attributes} setAttributes={(attributes) => setGroup({ ...group, attributes })} definitions={DEVICE_ATTRIBUTES} />
          </FormSection>
        </>
      )}
    </EditItemPage>
  );
}
