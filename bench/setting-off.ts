/**
 * How long the `index`th of `fleetSize` vehicles stands parked before it drives off, so that the
 * fleet sets off over `settingOffSeconds` rather than all in one second (each departure is an
 * ignitionOn and, 200 m on, a deviceMoving event, which cost the SQLite writer more than a
 * position). A step of 7919 (a prime) through the fleet spreads neighbours apart.
 */
export const parkedSecondsOf = (index: number, fleetSize: number, settingOffSeconds: number): number =>
  (settingOffSeconds * ((index * 7919) % fleetSize)) / fleetSize;
