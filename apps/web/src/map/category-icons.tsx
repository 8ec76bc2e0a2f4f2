import Agriculture from '@mui/icons-material/Agriculture';
import AirportShuttle from '@mui/icons-material/AirportShuttle';
import Construction from '@mui/icons-material/Construction';
import DirectionsBike from '@mui/icons-material/DirectionsBike';
import DirectionsBoat from '@mui/icons-material/DirectionsBoat';
import DirectionsBus from '@mui/icons-material/DirectionsBus';
import DirectionsCar from '@mui/icons-material/DirectionsCar';
import DirectionsTransit from '@mui/icons-material/DirectionsTransit';
import ElectricScooter from '@mui/icons-material/ElectricScooter';
import AirplanemodeActive from '@mui/icons-material/AirplanemodeActive';
import LocalShipping from '@mui/icons-material/LocalShipping';
import LocationOn from '@mui/icons-material/LocationOn';
import Person from '@mui/icons-material/Person';
import Pets from '@mui/icons-material/Pets';
import Sailing from '@mui/icons-material/Sailing';
import Terrain from '@mui/icons-material/Terrain';
import Train from '@mui/icons-material/Train';
import Tram from '@mui/icons-material/Tram';
import TwoWheeler from '@mui/icons-material/TwoWheeler';
import type { SvgIconComponent } from '@mui/icons-material';
import type { DeviceCategory } from '@tracklane/domain';
import type maplibregl from 'maplibre-gl';
import { renderToStaticMarkup } from 'react-dom/server';
import { HelicopterIcon, PickupIcon } from './vehicle-icons';

/** A distinct icon for each of the 21 device categories. */
export const CATEGORY_ICONS: Record<DeviceCategory, SvgIconComponent> = {
  default: LocationOn, animal: Pets, bicycle: DirectionsBike, boat: Sailing, bus: DirectionsBus, car: DirectionsCar,
  crane: Construction, helicopter: HelicopterIcon, motorcycle: TwoWheeler, offroad: Terrain, person: Person, pickup: PickupIcon,
  plane: AirplanemodeActive, ship: DirectionsBoat, tractor: Agriculture, train: Train, tram: Tram, trolleybus: DirectionsTransit,
  truck: LocalShipping, van: AirportShuttle, scooter: ElectricScooter,
};

const SIZE = 48;

/** The icon's outline as SVG path data, read from a static render (synchronous, so usable in effects). */
const pathsOf = (Icon: SvgIconComponent): string[] => {
  const markup = new DOMParser().parseFromString(renderToStaticMarkup(<Icon />), 'text/html');
  return [...markup.querySelectorAll('path')].map((path) => path.getAttribute('d') ?? '');
};

/**
 * Registers `category-<name>` images drawn as signed-distance masks, so a symbol layer can tint them
 * by status with `icon-color`.
 */
export const addCategoryIcons = (map: maplibregl.Map): void => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = SIZE;
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  for (const [category, Icon] of Object.entries(CATEGORY_ICONS)) {
    const name = `category-${category}`;
    if (map.hasImage(name)) continue;
    context.clearRect(0, 0, SIZE, SIZE);
    context.save();
    context.scale(SIZE / 24, SIZE / 24);
    context.fillStyle = '#fff';
    for (const d of pathsOf(Icon)) context.fill(new Path2D(d));
    context.restore();
    map.addImage(name, context.getImageData(0, 0, SIZE, SIZE), { sdf: true, pixelRatio: 2 });
  }
};
