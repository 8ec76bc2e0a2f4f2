import { Checkbox, FormControlLabel, TextField } from '@mui/material';
import type { User } from '@tracklane/domain';
import { useTranslation } from 'react-i18next';
import { useLiveStore } from '../store/live-store';
import { PREFERENCE_ATTRIBUTES } from './attribute-definitions';
import { AttributesEditor } from './components/attributes-editor';
import { EditItemPage } from './components/edit-item-page';
import { FormSection } from './components/form-section';
import { RequiredTextField } from './components/form-validation';
import { LinkField } from './components/link-field';
import { UserPreferencesSection } from './user-preferences-section';

const blankUser = (): Omit<User, 'id'> => ({
  name: '', email: '', password: '', login: null, phone: null, readonly: false, administrator: false, map: null, latitude: 0, longitude: 0, zoom: 0,
  coordinateFormat: null, disabled: false, expirationTime: null, deviceLimit: -1, userLimit: 0, deviceReadonly: false, limitCommands: false,
  disableReports: false, fixedEmail: false, poiLayer: null, totpKey: null, temporary: false, attributes: {},
});

/** /user/{id?}: one's own account (preferences apply at once) or, for administrators, anyone's. */
export default function UserPage() {
  const { t } = useTranslation();
  const me = useLiveStore((state) => state.user);
  const setMe = useLiveStore((state) => state.setUser);
  const administrator = me?.administrator ?? false;
  const flag = (user: Omit<User, 'id'>, setUser: (user: Omit<User, 'id'>) => void, key: 'administrator' | 'disabled' | 'readonly' | 'deviceReadonly' | 'limitCommands', label: string) => (
    <FormControlLabel control={<Checkbox name={key} checked={user[key]} onChange={(event) => setUser({ ...user, [key]: event.target.checked })} />} label={label} />
  );
  return (
    <EditItemPage
      resource="users"
      blank={blankUser}
      backTo={administrator ? '/admin/users' : '/'}
      isValid={(user) => Boolean(user.name.trim() && user.email.trim() && (user.id !== undefined || user.password?.trim()))}
      onSaved={(saved) => saved.id === me?.id && setMe(saved)}
    >
      {(user, setUser) => (
        <>
          <FormSection title={t('sharedRequired')} defaultExpanded>
            <RequiredTextField name="name" label={t('sharedName')} value={user.name} onChange={(event) => setUser({ ...user, name: event.target.value })} />
            <RequiredTextField name="email" type="email" label={t('userEmail')} value={user.email} disabled={user.fixedEmail && !administrator} onChange={(event) => setUser({ ...user, email: event.target.value })} />
            {user.id === undefined ? (
              <RequiredTextField name="password" type="password" label={t('userPassword')} value={user.password ?? ''} onChange={(event) => setUser({ ...user, password: event.target.value })} autoComplete="new-password" />
            ) : (
              <TextField name="password" type="password" label={t('userPassword')} value={user.password ?? ''} onChange={(event) => setUser({ ...user, password: event.target.value })} helperText={t('userPasswordKeep')} autoComplete="new-password" />
            )}
          </FormSection>
          <UserPreferencesSection user={user} setUser={setUser} />
          {administrator && (
            <FormSection title={t('sharedPermissions')}>
              {flag(user, setUser, 'administrator', t('userAdmin'))}
              {flag(user, setUser, 'disabled', t('sharedDisabled'))}
              {flag(user, setUser, 'readonly', t('serverReadonly'))}
              {flag(user, setUser, 'deviceReadonly', t('userDeviceReadonly'))}
              {flag(user, setUser, 'limitCommands', t('userLimitCommands'))}
              <TextField type="number" name="deviceLimit" label={t('userDeviceLimit')} value={user.deviceLimit} onChange={(event) => setUser({ ...user, deviceLimit: Number(event.target.value) })} />
              <TextField type="number" name="userLimit" label={t('userUserLimit')} value={user.userLimit} onChange={(event) => setUser({ ...user, userLimit: Number(event.target.value) })} />
            </FormSection>
          )}
          <FormSection title={t('sharedAttributes')}>
            <AttributesEditor attributes={user.attributes} setAttributes={(attributes) => setUser({ ...user, attributes })} definitions={PREFERENCE_ATTRIBUTES} />
          </FormSection>
          {user.id !== undefined && user.id !== me?.id && (
            <FormSection title={t('sharedConnections')}>
              <LinkField label={t('deviceTitle')} resource="devices" allParams={administrator ? { all: true } : undefined} base={{ userId: user.id }} linkKey="deviceId" />
              <LinkField label={t('settingsGroups')} resource="groups" allParams={administrator ? { all: true } : undefined} base={{ userId: user.id }} linkKey="groupId" />
            </FormSection>
          )}
        </>
      )}
    </EditItemPage>
  );
}
