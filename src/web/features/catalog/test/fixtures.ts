import type { CategoryTerm, Money, Product, ProductDetail, ProductListResponse } from '../../../../shared/api/catalog';
import type { FoodInformation } from '../../../../shared/api/food';
import { price } from '../../../../shared/money';

let sequence = 0;

/** A product id: a valid uuid, different per call unless given. */
export function productUuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function money(cents: number): Money {
  return price(cents);
}

/** A product as the index answers it, by default with two scaled prices (from 1 and from 6). */
export function productFixture(overrides: Partial<Product> = {}): Product {
  sequence += 1;
  const n = sequence;
  const scaled = [
    { quantity: 1, price: money(245) },
    { quantity: 6, price: money(219) },
  ];
  return {
    type: 'commerce_product--default',
    id: productUuid(n),
    drupal_internal__product_id: n,
    cb_product_id: `CB-${n}`,
    langcode: 'en',
    title: `Corn tortillas ${n}`,
    sku: String(100000 + n),
    description: { value: '<p>Soft corn tortillas.</p>', processed: '<p>Soft corn tortillas.</p>', format: 'basic_html' },
    specifications: { value: '<ul><li>15 cm</li></ul>', processed: '<ul><li>15 cm</li></ul>', format: 'basic_html' },
    categories: [2],
    variations: [
      { type: 'commerce_product_variation--default', id: `v-${n}`, drupal_internal__variation_id: 500 + n, product_id: n, sku: String(100000 + n) },
    ],
    food_marks: { storage: null, diets: [] },
    sales_unit: { code: 'piece', content: null, pieces: null, multiple: 1 },
    images: [
      {
        type: 'file--file',
        id: `f-${n}`,
        filename: `p${n}.svg`,
        image_style_uri: { small_thumbnail: `/img/s/${n}.webp`, thumbnail: `/img/t/${n}.webp`, large: `/img/l/${n}.webp` },
      },
    ],
    scaled_prices: scaled,
    price: scaled[0]?.price ?? null,
    minimum_quantity: 1,
    price_on_request: false,
    price_per_piece: null,
    is_favorite: false,
    favorite_id: null,
    quote_product_data: [],
    ...overrides,
  };
}

/** A product as the detail call answers it: by default without food information. */
export function productDetailFixture(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return { ...productFixture(), food: null, ...overrides };
}

/** Food information of a cheese dip: milk contained, mustard perhaps, gluten free of, the rest unknown. */
export function cheeseDipFood(overrides: Partial<FoodInformation> = {}): FoodInformation {
  const levels: Record<string, 'contains' | 'may_contain' | 'free'> = { milk: 'contains', mustard: 'may_contain', gluten: 'free' };
  const allergens = ['gluten', 'crustaceans', 'eggs', 'fish', 'peanuts', 'soybeans', 'milk', 'nuts', 'celery', 'mustard', 'sesame', 'sulphites', 'lupin', 'molluscs'] as const;
  return {
    legal_name: 'Cheese dip with jalapeño',
    ingredients: 'Water, <strong>cheese</strong> (<strong>milk</strong>), salt.',
    allergens: allergens.map((allergen) => ({ allergen, level: levels[allergen] ?? null })),
    nutrition: { basis: '100g', energy_kj: '1052', energy_kcal: '253', fat: '21.5', saturates: '12.25', carbohydrate: '6', sugars: '2.1', fibre: null, protein: '9.8', salt: '1.45' },
    net_quantity: { amount: '1.1', unit: 'kg' },
    storage: { type: 'chilled', text: 'Keep refrigerated (2-7 °C).' },
    after_opening: 'Use within 5 days of opening.',
    origin_country: 'MX',
    alcohol_percentage: null,
    diets: ['vegetarian', 'gluten_free'],
    ean: '8712345678906',
    business: { name: 'Doña Lupita Foods', address: 'Calle Hidalgo 12, Guadalajara' },
    ...overrides,
  };
}

export function productList(products: Product[], count = products.length): ProductListResponse {
  return { data: products, meta: { count } };
}

export function term(tid: number, name: string, children: CategoryTerm[] = [], parent: number | null = null): CategoryTerm {
  return {
    type: 'taxonomy_term--product_category',
    id: `term-${tid}`,
    drupal_internal__tid: tid,
    name,
    field_title: name,
    weight: tid,
    parent,
    children: children.map(function below(child): CategoryTerm {
      return { ...child, parent: child.parent ?? tid, parentDrupalIds: [tid, ...child.parentDrupalIds], children: child.children.map(below) };
    }),
    childDrupalIds: children.flatMap((child) => [child.drupal_internal__tid, ...child.childDrupalIds]),
    parentDrupalIds: [],
  };
}

/** Tortillas (1) with Corn (2) and Flour (3); Sauces (4) with Salsa (5). */
export const categoryTree: CategoryTerm[] = [
  term(1, 'Tortillas', [term(2, 'Corn tortillas'), term(3, 'Flour tortillas')]),
  term(4, 'Sauces', [term(5, 'Salsa')]),
];
