import type { Geofence } from '@tracklane/domain';
import { LngLatBounds } from 'maplibre-gl';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { TerraDrawEventListeners } from 'terra-draw';
import { useCreateGeofence, useUpdateGeofenceArea } from '../api/geofences';
import { useInvalidateResource } from '../api/resource-api';
import { useCatch } from '../common/use-catch';
import { useMap } from '../map/map-view';
import { RemoveDialog } from '../settings/components/remove-dialog';
import { drawFeatureToWkt, geofenceToDrawFeature, isSavedFeatureId, type DrawMode } from './draw-features';
import { DrawToolbar } from './draw-toolbar';
import { useTerraDraw } from './use-terra-draw';

export interface GeofenceDrawProps {
  geofences: Geofence[];
  /** The geofence picked in the list or on the map. */
  selectedId: number | undefined;
  onSelectedChange(id: number | undefined): void;
}

const FIT_PADDING = 60;
const FIT_MAX_ZOOM = 16;

/**
 * Drawing and editing geofences on the map. A finished new shape is saved at once with an empty name
 * and opens its edit page; moving or reshaping a saved one updates it; deleting asks first.
 */
export const GeofenceDraw = ({ geofences, selectedId, onSelectedChange }: GeofenceDrawProps) => {
  const map = useMap();
  const navigate = useNavigate();
  const draw = useTerraDraw(map);
  const create = useCreateGeofence();
  const update = useUpdateGeofenceArea();
  const invalidate = useInvalidateResource();
  const [mode, setMode] = useState<DrawMode>('select');
  const [removing, setRemoving] = useState<number>();
  // the area each saved geofence had when it went into the drawing, so only changed ones are re-added
  const loaded = useRef(new Map<number, string>());
  const drawSelected = useRef<number>(undefined);

  useEffect(() => {
    if (!draw) return;
    const inList = new Set(geofences.map((geofence) => geofence.id));
    for (const id of [...loaded.current.keys()].filter((id) => !inList.has(id))) {
      if (draw.hasFeature(id)) draw.removeFeatures([id]);
      loaded.current.delete(id);
    }
    for (const geofence of geofences) {
      if (loaded.current.get(geofence.id) === geofence.area && draw.hasFeature(geofence.id)) continue;
      if (draw.hasFeature(geofence.id)) draw.removeFeatures([geofence.id]);
      loaded.current.delete(geofence.id);
      const feature = geofenceToDrawFeature(geofence);
      if (feature && draw.addFeatures([feature])[0]?.valid) loaded.current.set(geofence.id, geofence.area);
    }
  }, [draw, geofences]);

  const saveNew = useCatch(async (area: string) => {
    const geofence = await create.mutateAsync(area);
    void navigate(`/geofence/${geofence.id}`);
  });

  const saveArea = useCatch(async (geofence: Geofence, area: string) => {
    loaded.current.set(geofence.id, area);
    try {
      await update.mutateAsync({ geofence, area });
    } catch (error) {
      // the drawing no longer matches the server: bring the saved shape back
      loaded.current.delete(geofence.id);
      await invalidate('geofences');
      throw error;
    }
  });

  const onFinish = useEffectEvent<TerraDrawEventListeners['finish']>((id, context) => {
    const feature = draw?.getSnapshotFeature(id);
    if (!draw || !feature) return;
    if (context.action === 'draw') {
      // the mode is still wrapping the shape up when it reports it; take it out afterwards
      setTimeout(() => draw.enabled && draw.hasFeature(id) && draw.removeFeatures([id]));
      saveNew(drawFeatureToWkt(feature));
      return;
    }
    const geofence = geofences.find((item) => item.id === id);
    if (geofence) saveArea(geofence, drawFeatureToWkt(feature));
  });

  const onSelect = useEffectEvent((id: number | undefined) => {
    drawSelected.current = id;
    onSelectedChange(id);
  });

  useEffect(() => {
    if (!draw) return;
    const finish: TerraDrawEventListeners['finish'] = (id, context) => onFinish(id, context);
    const select: TerraDrawEventListeners['select'] = (id) => onSelect(isSavedFeatureId(id) ? id : undefined);
    const deselect = () => onSelect(undefined);
    draw.on('finish', finish);
    draw.on('select', select);
    draw.on('deselect', deselect);
    return () => {
      draw.off('finish', finish);
      draw.off('select', select);
      draw.off('deselect', deselect);
    };
  }, [draw]);

  // a geofence picked in the list is selected on the map and brought into view
  useEffect(() => {
    if (!draw || !map || selectedId === drawSelected.current) return;
    if (selectedId === undefined || !draw.hasFeature(selectedId)) {
      if (drawSelected.current !== undefined && draw.hasFeature(drawSelected.current)) draw.deselectFeature(drawSelected.current);
      return;
    }
    draw.selectFeature(selectedId);
    setMode('select');
    const geometry = draw.getSnapshotFeature(selectedId)!.geometry as GeoJSON.Polygon | GeoJSON.LineString;
    const positions = geometry.type === 'Polygon' ? geometry.coordinates[0]! : geometry.coordinates;
    const bounds = positions.reduce((box, [longitude, latitude]) => box.extend([longitude!, latitude!]), new LngLatBounds());
    map.fitBounds(bounds, { padding: FIT_PADDING, maxZoom: FIT_MAX_ZOOM });
  }, [draw, map, selectedId, geofences]);

  const changeMode = (next: DrawMode) => {
    draw?.setMode(next);
    setMode(next);
  };

  return (
    <>
      <DrawToolbar mode={mode} onModeChange={changeMode} onDelete={selectedId === undefined ? undefined : () => setRemoving(selectedId)} />
      <RemoveDialog
        resource="geofences"
        itemId={removing}
        onClose={(removed) => {
          setRemoving(undefined);
          if (removed) onSelectedChange(undefined);
        }}
      />
    </>
  );
};
