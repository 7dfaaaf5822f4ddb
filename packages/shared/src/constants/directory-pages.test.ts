import { describe, expect, it } from 'vitest';
import { CATEGORIES } from './categories.ts';
import {
  CATEGORY_BY_SLUG,
  PROVINCE_BY_SLUG,
  RESERVED_LAWYER_SLUGS,
  SLUG_BY_CATEGORY,
  SLUG_BY_PROVINCE,
} from './directory-pages.ts';

describe('the public directory’s slugs', () => {
  it('gives each of the 15 categories its own slug, accents folded', () => {
    expect(CATEGORY_BY_SLUG.size).toBe(CATEGORIES.length);
    expect(SLUG_BY_CATEGORY.get('Abogado Civil')).toBe('civil');
    expect(SLUG_BY_CATEGORY.get('Abogado Protección de datos')).toBe('proteccion-de-datos');
    expect(SLUG_BY_CATEGORY.get('Abogado Extranjería')).toBe('extranjeria');
    expect(CATEGORY_BY_SLUG.get('sucesiones-y-testamentos')).toBe('Abogado Sucesiones y testamentos');
  });

  it('gives each of the 52 provinces its own slug, and none to Toda España', () => {
    expect(PROVINCE_BY_SLUG.size).toBe(52);
    expect(PROVINCE_BY_SLUG.get('alava')).toBe('Álava');
    expect(PROVINCE_BY_SLUG.get('la-coruna')).toBe('La Coruña');
    expect(PROVINCE_BY_SLUG.get('santa-cruz-de-tenerife')).toBe('Santa Cruz de Tenerife');
    expect(SLUG_BY_PROVINCE.get('Toda España')).toBeUndefined();
    for (const slug of [...CATEGORY_BY_SLUG.keys(), ...PROVINCE_BY_SLUG.keys()]) {
      expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    }
  });

  it('keeps every category slug away from lawyers', () => {
    expect([...RESERVED_LAWYER_SLUGS].sort()).toEqual([...CATEGORY_BY_SLUG.keys()].sort());
  });
});
