import { describe, expect, it } from 'vitest';
import { parseCents, parseDate, priceRow, productRow } from '../../../shared/api/erp';
import { MAX_LINE_BYTES, MAX_RECORD_CHARS, readCsv, readJsonLines, type ReadRecord, textAfterClosingQuote } from './erp-reader';

/** The input in pieces of `size` bytes, so records and characters straddle chunk borders. */
async function* chunked(input: string | Buffer, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.isBuffer(input) ? input : Buffer.from(input, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all(records: AsyncIterable<ReadRecord>): Promise<ReadRecord[]> {
  const out: ReadRecord[] = [];
  for await (const r of records) out.push(r);
  return out;
}

describe('CSV reader', () => {
  const file = [
    'erp_id;title_nl;description_nl;price',
    'A1;Salsa "Fuego";"Pittig; met ""habanero"" en limoen";4,95',
    'A2;"Twee',
    'regels; en een puntkomma";;"1.249,50"',
    '',
    'A3;Plain;;7',
  ].join('\r\n');

  for (const size of [1, 3, 7, 1024]) {
    it(`reads quoted fields with semicolons, doubled quotes and line breaks (chunks of ${size} bytes)`, async () => {
      const records = await all(readCsv(chunked(file, size)));
      expect(records).toEqual([
        { line: 2, fields: { erp_id: 'A1', title_nl: 'Salsa "Fuego"', description_nl: 'Pittig; met "habanero" en limoen', price: '4,95' } },
        { line: 3, fields: { erp_id: 'A2', title_nl: 'Twee\nregels; en een puntkomma', description_nl: '', price: '1.249,50' } },
        { line: 6, fields: { erp_id: 'A3', title_nl: 'Plain', description_nl: '', price: '7' } },
      ]);
    });
  }

  it('skips a UTF-8 byte order mark and keeps multi-byte characters whole across chunks', async () => {
    const records = await all(readCsv(chunked('\ufeffname;city\nJalapeño;Málaga\n', 1)));
    expect(records).toEqual([{ line: 2, fields: { name: 'Jalapeño', city: 'Málaga' } }]);
  });

  it('reports bad UTF-8, wrong field counts and broken quoting per line, and goes on', async () => {
    const bad = Buffer.concat([
      Buffer.from('a;b\n1;2\n'),
      Buffer.from([0x78, 0xff, 0x3b, 0x31, 0x0a]), // "x\xff;1": not UTF-8
      Buffer.from('1;2;3\n"open;1\n4;5\nx"y;1\n"a"b;2\n6;7\n'),
    ]);
    const records = await all(readCsv(chunked(bad, 4)));
    expect(records.map((r) => [r.line, r.error?.message ?? r.fields])).toEqual([
      [2, { a: '1', b: '2' }],
      [3, 'is not valid UTF-8'],
      [4, 'has 3 fields where the header (line 1) has 2'],
      // The quote opened on line 5 closes on line 7 ('x"' ...) and leaves text after it.
      [5, 'has text after a closing quote at position 15'],
      [8, 'has text after a closing quote at position 4'],
      [9, { a: '6', b: '7' }],
    ]);
  });

  it('reports a quoted field that is never closed', async () => {
    const records = await all(readCsv(chunked('a;b\n1;"never\nclosed', 5)));
    expect(records).toEqual([{ line: 2, error: { field: '(line)', message: 'opens a quoted field that is never closed' } }]);
  });

  it('finds text after a closing quote in a raw record', () => {
    expect(textAfterClosingQuote('a;;"b;c";""""\n', ';')).toBeNull();
    expect(textAfterClosingQuote('a"b;"c"\r\n', ';')).toBeNull();
    expect(textAfterClosingQuote('"""x""y";1', ';')).toBeNull();
    expect(textAfterClosingQuote('"c"d', ';')).toBe(4);
    expect(textAfterClosingQuote('1,"a" ,2', ',')).toBe(6);
    expect(textAfterClosingQuote('"two\r\nlines"x;1\n', ';')).toBe(12);
  });
});

describe('CSV reader (csv-parse)', () => {
  const expected = [
    { line: 2, fields: { sku: 'A1', title: 'Salsa "Fuego"', text: 'Pittig, met "habanero"; en limoen' } },
    { line: 3, fields: { sku: 'A2', title: 'Twee\nregels', text: '' } },
    { line: 6, fields: { sku: 'A3', title: '', text: '"' } },
  ];

  for (const [name, sep] of [
    ['semicolons', ';'],
    ['commas', ','],
  ] as const) {
    for (const bom of ['', '\ufeff']) {
      for (const eol of ['\n', '\r\n']) {
        it(`reads a file separated by ${name}${bom ? ' with a byte order mark' : ''} and ${JSON.stringify(eol)} line ends`, async () => {
          const file = bom + [
            ['sku', 'title', 'text'].join(sep),
            ['A1', 'Salsa "Fuego"', '"Pittig, met ""habanero""; en limoen"'].join(sep),
            ['A2', '"Twee', 'regels"', ''].join(sep).replace(`"Twee${sep}`, `"Twee${eol}`),
            '',
            ['A3', '', '""""'].join(sep),
            '',
          ].join(eol);
          for (const size of [1, 5, 4096]) expect(await all(readCsv(chunked(file, size))), `chunks of ${size}`).toEqual(expected);
        });
      }
    }
  }

  it('takes the separator from the header: a comma only when the header has no semicolon', async () => {
    expect(await all(readCsv(chunked('\n  \nname,city\n"Cruz, Ana",Málaga\n', 2)))).toEqual([{ line: 4, fields: { name: 'Cruz, Ana', city: 'Málaga' } }]);
    expect(await all(readCsv(chunked('name;city\nCruz, Ana;Málaga\n', 3)))).toEqual([{ line: 2, fields: { name: 'Cruz, Ana', city: 'Málaga' } }]);
    expect(await all(readCsv(chunked('name\nCruz, Ana\n', 3)))).toEqual([{ line: 2, fields: { name: 'Cruz, Ana' } }]);
  });

  it('numbers records by the line they start on, after empty lines and \\r\\n inside quotes', async () => {
    const file = 'a;b\r\n\r\n"x\r\ny\r\nz";1\r\n   \r\n2;"three\r\n\r\nlines"\r\n3;4;5\r\n6;7\r\n';
    const records = await all(readCsv(chunked(file, 3)));
    expect(records).toEqual([
      { line: 3, fields: { a: 'x\ny\nz', b: '1' } },
      { line: 7, fields: { a: '2', b: 'three\n\nlines' } },
      { line: 10, error: { field: '(line)', message: 'has 3 fields where the header (line 1) has 2' } },
      { line: 11, fields: { a: '6', b: '7' } },
    ]);
  });

  it('reports a row with too many fields with its line, and goes on', async () => {
    const records = await all(readCsv(chunked('a,b\n1,2\n\n1,2,3\n"4\n",5\n', 4)));
    expect(records).toEqual([
      { line: 2, fields: { a: '1', b: '2' } },
      { line: 4, error: { field: '(line)', message: 'has 3 fields where the header (line 1) has 2' } },
      { line: 5, fields: { a: '4\n', b: '5' } },
    ]);
  });

  it('reports an unclosed quote at the line it opens on, after every record before it (read in one piece)', async () => {
    const file = 'a;b\n1;2\n\n"3\n4";5\n6;7\n8;"never\n9;10\n11;12\n';
    for (const size of [1, 1 << 20]) {
      expect(await all(readCsv(chunked(file, size)))).toEqual([
        { line: 2, fields: { a: '1', b: '2' } },
        { line: 4, fields: { a: '3\n4', b: '5' } },
        { line: 6, fields: { a: '6', b: '7' } },
        { line: 7, error: { field: '(line)', message: 'opens a quoted field that is never closed' } },
      ]);
    }
  });

  it('stops at a record longer than its limit (a quote never closed) and says so', async () => {
    async function* big(): AsyncGenerator<Buffer> {
      yield Buffer.from('a;b\n1;2\n3;"open\n');
      const line = Buffer.from(`${'x'.repeat(1023)}\n`);
      for (let i = 0; i < (MAX_RECORD_CHARS / 1024) * 2; i++) yield line;
    }
    const records = await all(readCsv(big()));
    expect(records).toEqual([
      { line: 2, fields: { a: '1', b: '2' } },
      { line: 3, error: { field: '(line)', message: `starts a record longer than ${MAX_RECORD_CHARS} characters (a quote not closed?); the file was read no further` } },
    ]);
  });

  it('refuses a physical line longer than its limit', async () => {
    async function* long(): AsyncGenerator<Buffer> {
      yield Buffer.from('a;b\n1;');
      for (let i = 0; i <= MAX_LINE_BYTES / 65536; i++) yield Buffer.alloc(65536, 0x78);
    }
    await expect(all(readCsv(long()))).rejects.toThrow(`Line 2 is longer than ${MAX_LINE_BYTES} bytes.`);
  });
});

describe('JSON Lines reader', () => {
  it('reads one object per line, skips empty lines and reports lines that are not objects', async () => {
    const text = '{"a":1}\n\n[1,2]\n{"a":\n"text"\n{"b":"é"}\r\n';
    const records = await all(readJsonLines(chunked(text, 2)));
    expect(records.map((r) => [r.line, r.error?.message.replace(/ \(.*\)$/, '') ?? r.fields])).toEqual([
      [1, { a: 1 }],
      [3, 'is not a JSON object'],
      [4, 'is not valid JSON'],
      [5, 'is not a JSON object'],
      [6, { b: 'é' }],
    ]);
  });

  it('reports bad UTF-8 with its line', async () => {
    const records = await all(readJsonLines(chunked(Buffer.concat([Buffer.from('{"a":"x"}\n{"a":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]), 3)));
    expect(records[1]).toEqual({ line: 2, error: { field: '(line)', message: 'is not valid UTF-8' } });
  });
});

describe('amounts and dates', () => {
  it('reads decimal commas and points into cents without floating point', () => {
    expect(parseCents('4,95')).toBe(495);
    expect(parseCents('4.95')).toBe(495);
    expect(parseCents('4,5')).toBe(450);
    expect(parseCents('1.249,00')).toBe(124_900);
    expect(parseCents('1,249.00')).toBe(124_900);
    expect(parseCents('12')).toBe(1200);
    expect(parseCents('-3,10')).toBe(-310);
    expect(parseCents('€ 0,07')).toBe(7);
    expect(parseCents('0.1')).toBe(10);
    expect(parseCents('19.99')).toBe(1999);
    for (const bad of ['1.249', '4,955', '1.2.3,4', '1,2,3', 'abc', '', '4,', ',5', '1.249,00.5']) expect(parseCents(bad), bad).toBeNull();
  });

  it('reads ISO and Dutch dates and refuses days that do not exist', () => {
    expect(parseDate('2027-01-01')).toBe('2027-01-01');
    expect(parseDate('31-12-2027')).toBe('2027-12-31');
    expect(parseDate('1/2/2027')).toBe('2027-02-01');
    expect(parseDate('2027-02-30')).toBeNull();
    expect(parseDate('31-04-2027')).toBeNull();
  });

  it('names every bad field of a row', () => {
    const result = priceRow.safeParse({ list_code: 'STANDAARD', sku: '', from_quantity: '0', price: '4,955', valid_from: '2027-02-30', valid_until: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['sku', 'is required'],
      ['from_quantity', 'must be at least 1'],
      ['price', 'is not an amount ("4,955"; write e.g. 12,50 or 12.50)'],
      ['valid_from', 'is not a date ("2027-02-30"; write 2026-12-31 or 31-12-2026)'],
    ]);
    const product = productRow.safeParse({ erp_id: 'X 1', sku: '1', title_nl: 'T', tax_rate: '19', categories: 'A|B c', active: 'misschien' });
    expect(product.error?.issues.map((i) => i.path[0])).toEqual(['erp_id', 'tax_rate', 'categories', 'active']);
  });

  it('normalises JSON values and CSV text the same way', () => {
    const fromJson = priceRow.parse({ list_code: 'STANDAARD', sku: 880001, from_quantity: 12, price: 4.5 });
    const fromCsv = priceRow.parse({ list_code: 'STANDAARD', list_name: '', sku: '880001', from_quantity: '12', price: '4,50', valid_from: '', valid_until: '' });
    expect(fromJson).toEqual(fromCsv);
    expect(fromCsv).toEqual({ list_code: 'STANDAARD', list_name: undefined, sku: '880001', from_quantity: 12, price: 450, valid_from: null, valid_until: null });
  });
});
