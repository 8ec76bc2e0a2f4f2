import type { TFunction } from 'i18next';

/** MapLibre's control texts (tooltips, aria labels) in the interface language. */
export const mapLocale = (t: TFunction): Record<string, string> => ({
  'AttributionControl.ToggleAttribution': t('mapToggleAttribution'),
  'AttributionControl.MapFeedback': t('mapFeedback'),
  'FullscreenControl.Enter': t('mapFullscreenEnter'),
  'FullscreenControl.Exit': t('mapFullscreenExit'),
  'GeolocateControl.FindMyLocation': t('mapFindMyLocation'),
  'GeolocateControl.LocationNotAvailable': t('mapLocationNotAvailable'),
  'LogoControl.Title': t('mapLogo'),
  'Marker.Title': t('mapMarker'),
  'NavigationControl.ResetBearing': t('mapResetBearing'),
  'NavigationControl.ZoomIn': t('mapZoomIn'),
  'NavigationControl.ZoomOut': t('mapZoomOut'),
  'Popup.Close': t('mapPopupClose'),
  'ScaleControl.Feet': t('mapScaleFeet'),
  'ScaleControl.Meters': t('unitMetre'),
  'ScaleControl.Kilometers': t('unitKm'),
  'ScaleControl.Miles': t('unitMi'),
  'ScaleControl.NauticalMiles': t('unitNmi'),
  'GlobeControl.Enable': t('mapGlobeEnable'),
  'GlobeControl.Disable': t('mapGlobeDisable'),
  'TerrainControl.Enable': t('mapTerrainEnable'),
  'TerrainControl.Disable': t('mapTerrainDisable'),
  'CooperativeGesturesHandler.WindowsHelpText': t('mapGesturesWindows'),
  'CooperativeGesturesHandler.MacHelpText': t('mapGesturesMac'),
  'CooperativeGesturesHandler.MobileHelpText': t('mapGesturesMobile'),
});
