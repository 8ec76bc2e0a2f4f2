// @vitest-environment jsdom
import { DEVICE_CATEGORIES } from '@tracklane/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CATEGORY_ICONS } from './category-icons';

const outline = (category: keyof typeof CATEGORY_ICONS) => {
  const Icon = CATEGORY_ICONS[category];
  return [...renderToStaticMarkup(<Icon />).matchAll(/ d="([^"]+)"/g)].map((match) => match[1]).join(' ');
};

describe('category icons', () => {
  it('draws each of the 21 categories with its own picture', () => {
    const outlines = new Map(DEVICE_CATEGORIES.map((category) => [category, outline(category)]));
    expect(outlines.size).toBe(21);
    expect(new Set(outlines.values()).size).toBe(21);
    expect(outlines.get('helicopter')).not.toBe(outlines.get('plane'));
  });
});
