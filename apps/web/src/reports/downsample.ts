export interface Point {
  x: number;
  y: number;
}

/**
 * Largest-Triangle-Three-Buckets: keeps `threshold` points that preserve the line's shape (peaks
 * included), so a month of one-second data draws as fast as a day.
 * @see https://skemman.is/bitstream/1946/15343/3/SS_MSthesis.pdf
 */
export const downsample = <T extends Point>(points: T[], threshold: number): T[] => {
  if (threshold >= points.length || threshold < 3) return points;
  const sampled: T[] = [points[0]!];
  const bucketSize = (points.length - 2) / (threshold - 2);
  let previous = 0;
  for (let bucket = 0; bucket < threshold - 2; bucket++) {
    const nextStart = Math.floor((bucket + 1) * bucketSize) + 1;
    const nextEnd = Math.min(Math.floor((bucket + 2) * bucketSize) + 1, points.length);
    let averageX = 0;
    let averageY = 0;
    for (let index = nextStart; index < nextEnd; index++) {
      averageX += points[index]!.x;
      averageY += points[index]!.y;
    }
    const count = Math.max(nextEnd - nextStart, 1);
    averageX /= count;
    averageY /= count;

    const start = Math.floor(bucket * bucketSize) + 1;
    const end = Math.floor((bucket + 1) * bucketSize) + 1;
    const anchor = points[previous]!;
    let largestArea = -1;
    let chosen = start;
    for (let index = start; index < end; index++) {
      const point = points[index]!;
      const area = Math.abs((anchor.x - averageX) * (point.y - anchor.y) - (anchor.x - point.x) * (averageY - anchor.y));
      if (area > largestArea) {
        largestArea = area;
        chosen = index;
      }
    }
    sampled.push(points[chosen]!);
    previous = chosen;
  }
  sampled.push(points[points.length - 1]!);
  return sampled;
};
