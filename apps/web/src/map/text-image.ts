import type maplibregl from 'maplibre-gl';

const FONT = '500 12px Roboto, Helvetica, Arial, sans-serif';
const PADDING = 4;
const LINE_HEIGHT = 16;

/**
 * Text drawn into a map image with a white halo. The offline style has no font glyphs, so a symbol
 * layer cannot use text-field; an image drawn with the browser's fonts also covers every script.
 */
export const addTextImage = (map: maplibregl.Map, id: string, text: string) => {
  const ratio = window.devicePixelRatio || 1;
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return;
  context.font = FONT;
  const width = Math.ceil(context.measureText(text).width) + 2 * PADDING;
  const height = LINE_HEIGHT + 2 * PADDING;
  canvas.width = width * ratio;
  canvas.height = height * ratio;
  // resizing the canvas reset its state
  context.scale(ratio, ratio);
  context.font = FONT;
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = 3;
  context.strokeStyle = 'rgba(255, 255, 255, 0.9)';
  context.strokeText(text, PADDING, height / 2);
  context.fillStyle = '#212121';
  context.fillText(text, PADDING, height / 2);
  map.addImage(id, context.getImageData(0, 0, canvas.width, canvas.height), { pixelRatio: ratio });
};
