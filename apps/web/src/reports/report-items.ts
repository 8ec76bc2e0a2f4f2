/** Fields every trip, stop and summary row carries (reference §3.17); distances in metres, speeds in knots, fuel in litres. */
interface ReportItemBase {
  deviceId: number;
  deviceName: string;
  distance: number;
  averageSpeed: number;
  maxSpeed: number;
  spentFuel: number;
  startOdometer: number;
  endOdometer: number;
  startTime: string;
  endTime: string;
}

export interface TripItem extends ReportItemBase {
  startPositionId: number;
  endPositionId: number;
  startAddress: string | null;
  endAddress: string | null;
  duration: number;
  driverUniqueId: string | null;
  driverName: string | null;
}

export interface StopItem extends ReportItemBase {
  positionId: number;
  latitude: number;
  longitude: number;
  address: string | null;
  duration: number;
  engineHours: number;
}

export interface SummaryItem extends ReportItemBase {
  startHours: number;
  endHours: number;
  engineHours: number;
}
