import { MenuItem, TextField } from '@mui/material';
import { VOLUME_UNITS } from '@tracklane/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_STYLES } from '../map/map-styles';
import { FormSection } from './components/form-section';

/** What users and the server share: preference attributes, coordinate format and map. */
interface WithPreferences {
  attributes: Record<string, unknown>;
  coordinateFormat: string | null;
  map: string | null;
}

export interface UserPreferencesSectionProps<T extends WithPreferences> {
  user: T;
  setUser(user: T): void;
  children?: ReactNode;
  defaultExpanded?: boolean;
}

const DISTANCE_UNITS = ['km', 'mi', 'nmi'] as const;
const SPEED_UNITS = ['kmh', 'mph', 'kn'] as const;
const COORDINATE_FORMATS = ['dd', 'ddm', 'dms'] as const;
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

const capitalised = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** Units, coordinate format, time zone, map and Mapbox token: the preferences the map and popup follow. */
export const UserPreferencesSection = <T extends WithPreferences>({ user, setUser, children, defaultExpanded }: UserPreferencesSectionProps<T>) => {
  const { t } = useTranslation();
  const attribute = (key: string) => (typeof user.attributes[key] === 'string' ? (user.attributes[key] as string) : '');
  const setAttribute = (key: string, value: string) => {
    const { [key]: _old, ...rest } = user.attributes;
    setUser({ ...user, attributes: value ? { ...rest, [key]: value } : rest });
  };
  const unitSelect = (key: string, label: string, units: readonly string[], prefix: string) => (
    <TextField select name={key} label={label} value={attribute(key)} onChange={(event) => setAttribute(key, event.target.value)}>
      <MenuItem value="">{t('sharedDefault')}</MenuItem>
      {units.map((unit) => <MenuItem key={unit} value={unit}>{t(`${prefix}${capitalised(unit)}`)}</MenuItem>)}
    </TextField>
  );
  return (
    <FormSection title={t('sharedPreferences')} defaultExpanded={defaultExpanded}>
      {children}
      {unitSelect('distanceUnit', t('settingsDistanceUnit'), DISTANCE_UNITS, 'sharedDistance')}
      {unitSelect('speedUnit', t('settingsSpeedUnit'), SPEED_UNITS, 'sharedSpeed')}
      {unitSelect('volumeUnit', t('settingsVolumeUnit'), VOLUME_UNITS, 'sharedVolume')}
      <TextField select name="coordinateFormat" label={t('settingsCoordinateFormat')} value={user.coordinateFormat ?? ''} onChange={(event) => setUser({ ...user, coordinateFormat: event.target.value || null })}>
        <MenuItem value="">{t('sharedDefault')}</MenuItem>
        {COORDINATE_FORMATS.map((format) => <MenuItem key={format} value={format}>{t(`sharedCoordinate${capitalised(format)}`)}</MenuItem>)}
      </TextField>
      <TextField select name="timezone" label={t('sharedTimezone')} value={attribute('timezone')} onChange={(event) => setAttribute('timezone', event.target.value)}>
        <MenuItem value="">{t('sharedDefault')}</MenuItem>
        {TIME_ZONES.map((zone) => <MenuItem key={zone} value={zone}>{zone}</MenuItem>)}
      </TextField>
      <TextField select name="map" label={t('mapLayer')} value={user.map ?? ''} onChange={(event) => setUser({ ...user, map: event.target.value || null })}>
        <MenuItem value="">{t('sharedDefault')}</MenuItem>
        {MAP_STYLES.map((id) => <MenuItem key={id} value={id}>{t(`map${capitalised(id)}`)}</MenuItem>)}
      </TextField>
      <TextField name="mapboxAccessToken" label={t('mapMapboxKey')} value={attribute('mapboxAccessToken')} onChange={(event) => setAttribute('mapboxAccessToken', event.target.value)} />
    </FormSection>
  );
};
