/** How a free attribute's value is typed, and for numbers which unit family it is stored in. */
export type AttributeType = 'string' | 'number' | 'boolean';
export type AttributeSubtype = 'speed' | 'distance' | 'volume' | 'hours';

export interface AttributeDefinition {
  /** i18n key of the label */
  label: string;
  type: AttributeType;
  subtype?: AttributeSubtype;
}

export type AttributeDefinitions = Record<string, AttributeDefinition>;

/** Keys every tracked object (device, group, geofence) understands. */
export const OBJECT_ATTRIBUTES: AttributeDefinitions = {
  speedLimit: { label: 'attributeSpeedLimit', type: 'number', subtype: 'speed' },
  'report.ignoreOdometer': { label: 'attributeReportIgnoreOdometer', type: 'boolean' },
};

/** Keys devices and groups understand beyond those: the zone of the tracker's clock (trackers that report local time), the password and form of their commands. */
export const DEVICE_ATTRIBUTES: AttributeDefinitions = {
  ...OBJECT_ATTRIBUTES,
  'decoder.timezone': { label: 'attributeDecoderTimezone', type: 'string' },
  devicePassword: { label: 'attributeDevicePassword', type: 'string' },
  'gt06.alternative': { label: 'attributeGt06Alternative', type: 'boolean' },
  'gt06.language': { label: 'attributeGt06Language', type: 'boolean' },
  'h02.alternative': { label: 'attributeH02Alternative', type: 'boolean' },
  'jt808.alternative': { label: 'attributeJt808Alternative', type: 'boolean' },
  'meitrack.alternative': { label: 'attributeMeitrackAlternative', type: 'boolean' },
  'tk103.alternative': { label: 'attributeTk103Alternative', type: 'boolean' },
};

/** Keys a user's or the server's preferences understand (spec §3). */
export const PREFERENCE_ATTRIBUTES: AttributeDefinitions = {
  notificationTokens: { label: 'attributeNotificationTokens', type: 'string' },
  'web.liveRouteLength': { label: 'attributeWebLiveRouteLength', type: 'number' },
  'web.selectZoom': { label: 'attributeWebSelectZoom', type: 'number' },
  'web.maxZoom': { label: 'attributeWebMaxZoom', type: 'number' },
  'ui.disableReport': { label: 'attributeUiDisableReport', type: 'boolean' },
  'ui.disableEvents': { label: 'attributeUiDisableEvents', type: 'boolean' },
  'ui.disableVehicleFetures': { label: 'attributeUiDisableVehicleFeatures', type: 'boolean' },
  'ui.disableDrivers': { label: 'attributeUiDisableDrivers', type: 'boolean' },
  'ui.disableComputedAttributes': { label: 'attributeUiDisableComputedAttributes', type: 'boolean' },
  'ui.disableCalendars': { label: 'attributeUiDisableCalendars', type: 'boolean' },
  'ui.disableMaintenance': { label: 'attributeUiDisableMaintenance', type: 'boolean' },
  'ui.hidePositionAttributes': { label: 'attributeUiHidePositionAttributes', type: 'string' },
  distanceUnit: { label: 'settingsDistanceUnit', type: 'string' },
  speedUnit: { label: 'settingsSpeedUnit', type: 'string' },
  volumeUnit: { label: 'settingsVolumeUnit', type: 'string' },
  timezone: { label: 'sharedTimezone', type: 'string' },
  mapboxAccessToken: { label: 'mapMapboxKey', type: 'string' },
};

export const blankValue = (type: AttributeType): string | number | boolean => (type === 'number' ? 0 : type === 'boolean' ? false : '');
