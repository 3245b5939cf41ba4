/**
 * npx tsx scripts/erp-bench-files.ts <dir> [products=100000] [prices per product=3]
 *
 * Writes large ERP exchange files for timing imports (docs/benchmarks.md): bench-categories.csv,
 * bench-products.csv (HTML texts, quoted fields with semicolons) and bench-prices.csv (decimal
 * commas, three price lists, some scaled and future-dated prices). Streams, so any size works.
 */
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';

const [dir = 'tmp/erp-bench', productsArg = '100000', perProductArg = '3'] = process.argv.slice(2);
const productCount = Number(productsArg);
const perProduct = Number(perProductArg);
mkdirSync(dir, { recursive: true });

async function write(name: string, header: string, rows: (emit: (line: string) => Promise<void>) => Promise<void>) {
  const out = createWriteStream(path.join(dir, name));
  const emit = async (line: string) => {
    if (!out.write(`${line}\n`)) await once(out, 'drain');
  };
  await emit(header);
  await rows(emit);
  out.end();
  await once(out, 'finish');
}

const groups = 20;
const leaves = 10;
await write('bench-categories.csv', 'erp_id;parent_erp_id;name_nl;name_en;weight', async (emit) => {
  for (let g = 0; g < groups; g++) {
    await emit(`BC-${g};;Groep ${g};Group ${g};${g}`);
    for (let l = 0; l < leaves; l++) await emit(`BC-${g}-${l};BC-${g};Subgroep ${g}.${l};Subgroup ${g}.${l};${l}`);
  }
});
const sku = (i: number) => `B${String(i).padStart(7, '0')}`;
await write('bench-products.csv', 'erp_id;sku;title_nl;title_en;description_nl;description_en;specifications_nl;specifications_en;tax_rate;categories;active', async (emit) => {
  for (let i = 0; i < productCount; i++) {
    const g = i % groups;
    const l = (i >> 3) % leaves;
    await emit(
      `BP-${i};${sku(i)};Product ${i} salsa "picante";Product ${i} hot salsa;"<p>Beschrijving ${i}; met <strong>chili</strong> en limoen.</p>";<p>Description ${i}.</p>;<ul><li>Inhoud: ${(i % 9) + 1}00 ml</li></ul>;<ul><li>Contents: ${(i % 9) + 1}00 ml</li></ul>;${i % 7 === 0 ? 2100 : 900};BC-${g}|BC-${g}-${l};ja`,
    );
  }
});
const lists = ['STANDAARD', 'GROOTH', 'GH-INT'];
await write('bench-prices.csv', 'list_code;list_name;sku;from_quantity;price;valid_from;valid_until', async (emit) => {
  for (let i = 0; i < productCount; i++) {
    for (let k = 0; k < perProduct; k++) {
      const cents = 100 + ((i * 37 + k * 11) % 5000);
      const euros = `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
      const list = lists[k % lists.length]!;
      const quantity = k < lists.length ? 1 : 12;
      await emit(`${list};;${sku(i)};${quantity};${euros};;`);
    }
    // Every 50th product also has an upcoming price mutation (not counted in the prices per product).
    if (i % 50 === 0) await emit(`STANDAARD;;${sku(i)};1;9,99;01-01-2027;`);
  }
});
process.stdout.write(`Wrote ${productCount} products and ${productCount * perProduct} prices to ${dir}\n`);
