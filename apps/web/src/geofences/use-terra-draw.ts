import type maplibregl from 'maplibre-gl';
import { useEffect, useState } from 'react';
import { TerraDraw, TerraDrawCircleMode, TerraDrawLineStringMode, TerraDrawPolygonMode, TerraDrawSelectMode, type GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import { GEOFENCE_COLOR } from '../map/map-geofences';
import { GEOFENCE_CIRCLE_STEPS } from '../map/map-util';
import { DRAW_COORDINATE_PRECISION, isSavedFeatureId } from './draw-features';

const DRAFT_COLOR = '#e65100';

// saved geofences are painted by their own overlay; the drawing shows only what is being drawn or selected
const visibleUnlessSaved = (value: number) => (feature: GeoJSONStoreFeatures) => (isSavedFeatureId(feature.id) ? 0 : value);

const areaStyles = {
  fillColor: DRAFT_COLOR,
  fillOpacity: visibleUnlessSaved(0.2),
  outlineColor: DRAFT_COLOR,
  outlineWidth: visibleUnlessSaved(2),
  outlineOpacity: visibleUnlessSaved(1),
} as const;

const editable = { draggable: true, coordinates: { draggable: true, midpoints: true, deletable: true } };

/** Negative ids for new shapes (and the tool's own handles), so they never collide with a geofence id. */
const draftIds = () => {
  let next = 0;
  return { isValidId: (id: string | number) => typeof id === 'number' && Number.isInteger(id), getId: () => --next };
};

type DrawAdapter = ConstructorParameters<typeof TerraDraw>[0]['adapter'];

/** The drawing tool as the geofences page configures it, on any adapter. */
export const createDraw = (adapter: DrawAdapter) =>
  new TerraDraw({
    adapter,
    idStrategy: draftIds(),
    tracked: false,
    modes: [
      new TerraDrawSelectMode({
        flags: {
          polygon: { feature: editable },
          linestring: { feature: editable },
          // a circle only moves or grows around its centre: its vertices are not its own
          circle: { feature: { draggable: true, coordinates: { resizable: 'center-fixed' } } },
        },
        // deleting goes through the confirmation, not straight out of the drawing
        keyEvents: { deselect: 'Escape', delete: null, rotate: null, scale: null },
        styles: { selectedPolygonColor: GEOFENCE_COLOR, selectedPolygonFillOpacity: 0.2, selectedPolygonOutlineColor: GEOFENCE_COLOR, selectedLineStringColor: GEOFENCE_COLOR, selectionPointColor: GEOFENCE_COLOR },
      }),
      new TerraDrawPolygonMode({ styles: areaStyles }),
      new TerraDrawLineStringMode({ styles: { lineStringColor: DRAFT_COLOR, lineStringWidth: visibleUnlessSaved(3), lineStringOpacity: visibleUnlessSaved(1) } }),
      new TerraDrawCircleMode({ styles: areaStyles, segments: GEOFENCE_CIRCLE_STEPS }),
    ],
  });

/** A started terra-draw instance on the map, stopped again when the component goes. */
export const useTerraDraw = (map: maplibregl.Map | undefined): TerraDraw | undefined => {
  const [draw, setDraw] = useState<TerraDraw>();
  useEffect(() => {
    if (!map) return;
    const instance = createDraw(new TerraDrawMapLibreGLAdapter({ map, coordinatePrecision: DRAW_COORDINATE_PRECISION }));
    instance.start();
    instance.setMode('select');
    setDraw(instance);
    return () => {
      setDraw(undefined);
      // the map may already be gone, and its layers with it
      if (map.style) instance.stop();
    };
  }, [map]);
  return draw;
};
