/** 'Abogado Sucesiones y testamentos' → 'Sucesiones y testamentos': the wire keeps the prefix, lists drop it. */
export function categoryName(category: string): string {
  return category.replace(/^Abogado\s+/, '');
}
