/**
 * How long the `index`th of `fleetSize` vehicles stands parked before it drives off, so that the
 * fleet sets off over `settingOffSeconds` rather than all in one second (each departure is an
 * ignitionOn and, 200 m on, a deviceMoving event, which cost the SQLite writer more than a
 * position). A step of 7919 (a prime) through the fleet spreads neighbours apart.
 */
export const parkedSecondsOf = (index: number, fleetSize: number, settingOffSeconds: number): number =>
  (settingOffSeconds * ((index * 7919) % fleetSize)) / fleetSize;

/** Seconds of their journeys over which a benchmark fleet sets off (BENCH_SETTING_OFF, 30; 0 for all at once). */
export const SETTING_OFF_SECONDS = Number(process.env.BENCH_SETTING_OFF ?? 30);

/** How a benchmark row says the fleet set off. */
export const settingOffLabel = (settingOffSeconds: number): string =>
  settingOffSeconds > 0 ? `, the fleet setting off over ${settingOffSeconds} s of its journeys` : ', the whole fleet setting off at once';
