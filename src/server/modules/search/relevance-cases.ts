import type { Lang } from '../../plugins/language';

/**
 * The relevance test set (issue 20 point 3): what customers of a Mexican food wholesaler type,
 * in Dutch and English, with the article numbers of which at least one must be in the top 3 of
 * the demo catalogue at the test scale (scripts/seed, TEST_SCALE). Typing errors, missing
 * accents, plurals and word forms, brands, dishes, sizes, pack sizes, article numbers and EANs.
 */
export interface RelevanceCase {
  lang: Lang;
  query: string;
  /** Any of these in the top 3. */
  expected: string[];
}

const nl = (query: string, ...expected: string[]): RelevanceCase => ({ lang: 'nl', query, expected });
const en = (query: string, ...expected: string[]): RelevanceCase => ({ lang: 'en', query, expected });

const TORTILLAS = ['101001', '101002', '101003', '101004', '101005', '101006', '101007', '101008'];
const CHIPS = ['111001', '111002', '111003', '111004', '111005', '111006', '111007'];
const BEANS = ['141001', '141002', '141003', '141004', '141005', '141006', '141007'];
const CHIPOTLE = ['121002', '131001', '131002', '131003', '111006'];

export const RELEVANCE_CASES: RelevanceCase[] = [
  // Dutch: typing errors, accents, word forms, compounds.
  nl('tortila', ...TORTILLAS),
  nl("tortilla's", ...TORTILLAS),
  nl('maistortilla', '101001', '101002', '101003', '101004'),
  nl('tarwetortillas 20 cm', '101006'),
  nl('chipotel', ...CHIPOTLE),
  nl('chipotle puree', '131003'),
  nl('jalapeno', '131004', '131005', '131006', '111004', '141002'),
  nl("jalapeno's in plakjes", '131004', '131005'),
  nl('bonen', ...BEANS),
  nl('boon', ...BEANS),
  nl('zwarte bonen', '141004', '141005', '121005'),
  nl('refried bonen', '141001', '141002', '141003'),
  nl('pintobonen', '141006', '141007'),
  nl('dona lupita tostadas', '101010', '101011'),
  // No guacamole in this catalogue: the products whose texts mention it (avocado, chips, molcajete).
  nl('guacamolle', '211001', '211002', '111001', '111004', '111006', '111007', '181003', '181004'),
  nl('enchiladasaus', '121008', '121009'),
  nl('enchilada saus', '121008', '121009'),
  nl('mole poblano', '161003'),
  nl('molepasta', '161001', '161002', '161003'),
  nl('tequila', '171006'),
  nl('mescal', '171007'),
  nl('tortillapers', '181001', '181002'),
  nl('molcajete 15 cm', '181004'),
  nl('comal 32 cm', '181005', '181006'),
  nl('6 x 50', '101002'),
  nl('15 cm tarwetortilla', '101005', '101007'),
  nl('101005', '101005'),
  nl('1410', '141001'),
  nl('7508608744', '101005'),
  nl('8711953967846', '101002'),
  nl('masa harina', '191001', '191002', '191003'),
  nl('pozole', '191004', '191005'),
  nl('cajeta', '201003', '201004'),
  nl('avocado', '211001', '211002'),
  nl('kaas', '211004', '211005', '211006'),
  nl('habaneros', '131014'),
  nl('guajilo', '131009', '131010'),
  nl('ancho zonder zaad', '131007'),
  nl('frisdrank guave', '171001', '171002'),
  nl('bier', '171004', '171005'),
  nl('salsa verde', '121007'),
  nl('taquitos', '211003'),
  nl('empanadas', '211004'),
  // English.
  en('tortillas', ...TORTILLAS),
  en('corn tortillas 15 cm', '101002'),
  en('flour tortilla', '101005', '101006', '101007', '101008'),
  en('black beans', '141004', '141005', '121005'),
  en('bean', ...BEANS, '121005'),
  en('refried beans', '141001', '141002', '141003'),
  en('chipotle hot sauce', '121002'),
  en('jalapenos', '131004', '131005', '131006'),
  en('cheese burrito', '211005', '211006'),
  en('tortilla chips', ...CHIPS),
  en('tortila chips', ...CHIPS),
  en('hominy', '191004', '191005'),
  en('cast iron comal', '181005', '181006'),
  en('lime squeezer', '181008'),
  en('guava soda', '171001', '171002'),
  en('mexican lager', '171004', '171005'),
  en('cinnamon', '151004'),
  en('cinammon', '151004'),
  en('chilli powder', '151006'),
  en('mole poblano paste', '161003'),
  en('sea salt tortilla chips', '111001', '111002'),
  en('watermelon lollipops', '201002'),
  en('amaranth bars', '201005', '201006'),
  en('pipian', '161006', '161007'),
  en('arbol hot sauce', '121003'),
  en('taco shells', '101012', '101013', '101014'),
  en('6 x 24', '101013'),
  en('12 x 355 ml', '171004', '171005'),
];
