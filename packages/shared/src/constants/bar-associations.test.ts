import { describe, expect, it } from 'vitest';
import { barNumberSchema } from '../schemas/lawyers.ts';
import { BAR_ASSOCIATIONS, barAssociation, barAssociationName } from './bar-associations.ts';
import { ALL_SPAIN, PROVINCES } from './provinces.ts';

describe("Spain's Colegios de la Abogacía", () => {
  it('lists the 83 colegios, each id and name once', () => {
    expect(BAR_ASSOCIATIONS).toHaveLength(83);
    expect(new Set(BAR_ASSOCIATIONS.map((c) => c.id)).size).toBe(83);
    expect(new Set(BAR_ASSOCIATIONS.map((c) => c.name)).size).toBe(83);
  });

  it('has a colegio in every province and autonomous city', () => {
    const covered = new Set<string>(BAR_ASSOCIATIONS.map((c) => c.province));
    expect(PROVINCES.filter((p) => p !== ALL_SPAIN && !covered.has(p))).toEqual([]);
  });

  it('names a colegio by its id and knows nothing of older free text', () => {
    expect(barAssociationName('madrid')).toBe('Colegio de la Abogacía de Madrid');
    expect(barAssociation('ICAM')).toBeUndefined();
    expect(barAssociationName('')).toBeUndefined();
  });

  it('accepts real-looking colegiado numbers and refuses anything else', () => {
    for (const number of ['78412', '78.412', '1.904', 'A-1234', '12345/2019']) {
      expect(barNumberSchema.safeParse(number).success).toBe(true);
    }
    for (const number of ['', '   ', 'abc', '1'.repeat(13), '12<b>']) {
      expect(barNumberSchema.safeParse(number).success).toBe(false);
    }
    expect(barNumberSchema.parse(' 78.412 ')).toBe('78.412');
  });
});
