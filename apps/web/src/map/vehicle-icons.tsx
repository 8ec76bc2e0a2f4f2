import { createSvgIcon } from '@mui/material/utils';

// Material Icons has no helicopter and no pickup; these are drawn for Tracklane on the same 24 px grid.
// Windows are traced in the opposite direction to their body, so they stay see-through under nonzero fill.

/** Side view: rotor on a mast, rounded cabin with a window, tail boom and rotor, skids. */
export const HelicopterIcon = createSvgIcon(
  <path d="M6 4H22V5.5H6Z M13.4 5.5H14.6V7H13.4Z M9 7H15C18 7 20 9 20 11.5C20 13.5 18.5 15 16.5 15H10C9.4 15 9 14.6 9 14V11H3.5V12.5H2V7H3.5V9.5H9Z M15 8.5V11.5H18.6C18.3 9.8 17 8.5 15 8.5Z M11 15H12.2V18H11Z M16 15H17.2V18H16Z M8 18H20V19.2H8Z" />,
  'Helicopter',
);

/** Side view: open load bed behind a cab with a window, two wheels. */
export const PickupIcon = createSvgIcon(
  <path d="M2 11H12V7H17.5L20.5 11H22V16H20A2.5 2.5 0 0 0 15 16H9A2.5 2.5 0 0 0 4 16H2Z M14 8.5V11H18.6L16.7 8.5Z M4.5 16.5A2 2 0 1 0 8.5 16.5A2 2 0 1 0 4.5 16.5Z M15.5 16.5A2 2 0 1 0 19.5 16.5A2 2 0 1 0 15.5 16.5Z" />,
  'Pickup',
);
