import { describe, expect, it } from 'vitest';
import { plural, preview } from './wording.ts';

describe('plural', () => {
  it('writes one and many the Spanish way', () => {
    expect(plural(1, 'administrador', 'administradores')).toBe('1 administrador');
    expect(plural(0, 'administrador', 'administradores')).toBe('0 administradores');
    expect(plural(2, 'caso', 'casos')).toBe('2 casos');
    expect(plural(1.5, 'hora', 'horas')).toBe('1,5 horas');
    expect(plural(12345, 'abogado', 'abogados')).toBe('12.345 abogados');
    expect(plural(1000, 'abogado', 'abogados')).toBe('1000 abogados');
  });
});

describe('preview', () => {
  it('keeps a short text as it is', () => {
    expect(preview('Hola, ¿qué tal?', 20)).toBe('Hola, ¿qué tal?');
  });

  it('cuts on the last whole word and adds …', () => {
    expect(preview('Necesito ayuda con la herencia de mis padres', 20)).toBe('Necesito ayuda con…');
    expect(preview('Buenos días, le escribo por', 13)).toBe('Buenos días…');
  });

  it('never goes over the limit, counting letters rather than UTF-16 units', () => {
    const text = '😀😀😀 ayuda urgente por favor';
    const cut = preview(text, 12);
    expect(Array.from(cut).length).toBeLessThanOrEqual(12);
    expect(cut).toBe('😀😀😀 ayuda…');
  });

  it('cuts inside a first word longer than the limit', () => {
    expect(preview('Supercalifragilísticoespialidoso', 10)).toBe('Supercali…');
  });

  it('flattens line breaks', () => {
    expect(preview('Hola\n\nquería saber', 30)).toBe('Hola quería saber');
  });
});
