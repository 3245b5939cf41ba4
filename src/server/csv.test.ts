import { describe, expect, it } from 'vitest';
import { csvCell, inertCell } from './csv';

describe("the shop's CSV cells keep formulas inert", () => {
  it('quotes a formula at the start of a cell', () => {
    expect(inertCell('=HYPERLINK("http://x")')).toBe(`'=HYPERLINK("http://x")`);
    expect(inertCell('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(inertCell('+31 20 123')).toBe(`'+31 20 123`);
  });

  it('neutralises a formula after a comma, which an English Excel splits the line at', () => {
    expect(inertCell('water, =cmd|"/c calc"!A1')).toBe(`water, '=cmd|"/c calc"!A1`);
    expect(inertCell('maïs,=1+1')).toBe(`maïs,'=1+1`);
    expect(inertCell('zout;@x')).toBe(`zout;'@x`);
    expect(inertCell('a\t-2')).toBe(`a\t'-2`);
  });

  it('leaves ordinary ingredient texts as they are', () => {
    expect(inertCell('maïsmeel, water, zout (1,5%)')).toBe('maïsmeel, water, zout (1,5%)');
    expect(inertCell('Tortilla 15 cm - 6 x 50')).toBe('Tortilla 15 cm - 6 x 50');
  });

  it('quotes every cell with a comma, semicolon, tab, quote or line break', () => {
    expect(csvCell('101001, 101002')).toBe('"101001, 101002"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hola"')).toBe('"say ""hola"""');
    expect(csvCell('water, =1+1')).toBe(`"water, '=1+1"`);
    expect(csvCell('plain')).toBe('plain');
  });
});
