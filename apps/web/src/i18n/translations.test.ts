import { describe, expect, it } from 'vitest';

type StringsModule = { default: Record<string, string> };
const english = import.meta.glob<StringsModule>('./en/*.json', { eager: true });
const hindi = import.meta.glob<StringsModule>('./hi/*.json', { eager: true });
const areaOf = (path: string) => path.split('/').pop()!;
const hindiByArea = Object.fromEntries(Object.entries(hindi).map(([path, module]) => [areaOf(path), module.default]));

// names that read the same in every language
const SAME_IN_EVERY_LANGUAGE = /^(OpenStreetMap|Carto|Mapbox.*|OsmAnd|Traccar.*|SMS|Firebase|WKT|ID|GPS|RPM|API|URL|[\d\s.,%:/-]*)$/;

describe('translations', () => {
  it.each(Object.keys(english).map(areaOf))('%s has every English key in Hindi, translated', (area) => {
    const source = Object.values(english).find((_, index) => areaOf(Object.keys(english)[index]!) === area)!.default;
    const target = hindiByArea[area] ?? {};
    expect(Object.keys(target).sort()).toEqual(Object.keys(source).sort());
    const untranslated = Object.keys(source).filter((key) => target[key] === source[key] && !SAME_IN_EVERY_LANGUAGE.test(source[key]!));
    expect(untranslated).toEqual([]);
  });

  it('defines every key the source code asks for', () => {
    const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.*'], { eager: true, query: '?raw', import: 'default' });
    const known = Object.assign({}, ...Object.values(english).map((module) => module.default)) as Record<string, string>;
    const asked = Object.values(sources).flatMap((source) => [...source.matchAll(/\bt\('([A-Za-z0-9.]+)'|handle: \{ title: '([A-Za-z]+)' \}/g)].map((match) => (match[1] ?? match[2])!));
    expect([...new Set(asked.filter((key) => !(key in known)))]).toEqual([]);
  });

  it('uses each key in one area only', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const [path, module] of Object.entries(english)) {
      for (const key of Object.keys(module.default)) {
        if (seen.has(key)) clashes.push(`${key} in ${seen.get(key)} and ${areaOf(path)}`);
        seen.set(key, areaOf(path));
      }
    }
    expect(clashes).toEqual([]);
  });
});
