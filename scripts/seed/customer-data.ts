/** Word lists for the generated customers (relations), their addresses and their users. */

export const firstNames: readonly string[] = [
  'Sanne', 'Daan', 'Lotte', 'Bram', 'Eva', 'Thijs', 'Fleur', 'Joris', 'Noor', 'Ruben', 'Anouk', 'Sem', 'Iris', 'Lars',
  'Femke', 'Koen', 'Marieke', 'Jeroen', 'Esther', 'Wouter', 'Lieke', 'Pieter', 'Sofie', 'Tom', 'Elif', 'Mohamed',
  'Carmen', 'Alejandro', 'Lucía', 'Diego', 'Ana', 'Jan', 'Annelies', 'Stijn', 'Wim', 'Griet', 'Mehmet', 'Yara', 'Jesse', 'Nina',
];

/** [prefix, surname]: Dutch surnames keep their prefix apart, as the users table does. */
export const surnames: readonly (readonly [string, string])[] = [
  ['', 'Jansen'], ['de', 'Vries'], ['van den', 'Berg'], ['van', 'Dijk'], ['', 'Bakker'], ['', 'Visser'], ['', 'Smit'],
  ['', 'Meijer'], ['de', 'Boer'], ['', 'Mulder'], ['de', 'Jong'], ['', 'Bos'], ['', 'Vos'], ['van', 'Leeuwen'],
  ['', 'Dekker'], ['', 'Brouwer'], ['de', 'Wit'], ['', 'Dijkstra'], ['van der', 'Veen'], ['van der', 'Linden'],
  ['van den', 'Heuvel'], ['', 'Kok'], ['', 'Jacobs'], ['de', 'Graaf'], ['', 'Vermeulen'], ['van', 'Beek'],
  ['ter', 'Horst'], ['van de', 'Ven'], ['', 'Maes'], ['', 'Claes'], ['', 'Wouters'], ['', 'Janssens'], ['', 'Peeters'],
  ['', 'Willems'], ['', 'Goossens'], ['', 'Hernández'], ['', 'García'], ['', 'Martínez'], ['', 'López'], ['', 'Yılmaz'],
];

export interface City {
  name: string;
  country: 'NL' | 'BE';
  /** Lowest and highest four-digit postal code of the city. */
  postal: readonly [number, number];
  /** Area code without the trunk 0. */
  area: string;
}

export const cities: readonly City[] = [
  { name: 'Amsterdam', country: 'NL', postal: [1011, 1109], area: '20' },
  { name: 'Rotterdam', country: 'NL', postal: [3011, 3089], area: '10' },
  { name: 'Den Haag', country: 'NL', postal: [2491, 2599], area: '70' },
  { name: 'Utrecht', country: 'NL', postal: [3511, 3585], area: '30' },
  { name: 'Eindhoven', country: 'NL', postal: [5611, 5658], area: '40' },
  { name: 'Groningen', country: 'NL', postal: [9711, 9747], area: '50' },
  { name: 'Haarlem', country: 'NL', postal: [2011, 2037], area: '23' },
  { name: 'Leiden', country: 'NL', postal: [2311, 2334], area: '71' },
  { name: 'Nijmegen', country: 'NL', postal: [6511, 6546], area: '24' },
  { name: 'Maastricht', country: 'NL', postal: [6211, 6229], area: '43' },
  { name: 'Tilburg', country: 'NL', postal: [5011, 5049], area: '13' },
  { name: 'Breda', country: 'NL', postal: [4811, 4839], area: '76' },
  { name: 'Zwolle', country: 'NL', postal: [8011, 8043], area: '38' },
  { name: 'Arnhem', country: 'NL', postal: [6811, 6846], area: '26' },
  { name: 'Delft', country: 'NL', postal: [2611, 2629], area: '15' },
  { name: "'s-Hertogenbosch", country: 'NL', postal: [5211, 5237], area: '73' },
  { name: 'Antwerpen', country: 'BE', postal: [2000, 2060], area: '3' },
  { name: 'Gent', country: 'BE', postal: [9000, 9052], area: '9' },
  { name: 'Brussel', country: 'BE', postal: [1000, 1210], area: '2' },
  { name: 'Leuven', country: 'BE', postal: [3000, 3012], area: '16' },
  { name: 'Brugge', country: 'BE', postal: [8000, 8200], area: '50' },
  { name: 'Hasselt', country: 'BE', postal: [3500, 3512], area: '11' },
];

export const streets: Record<'NL' | 'BE', readonly string[]> = {
  NL: [
    'Kerkstraat', 'Stationsweg', 'Molenstraat', 'Hoofdstraat', 'Marktplein', 'Havenstraat', 'Julianalaan', 'Wilhelminastraat',
    'Schoolstraat', 'Nieuwstraat', 'Lange Nieuwstraat', 'Haarlemmerdijk', 'Grote Markt', 'Breestraat',
  ],
  BE: ['Meir', 'Kammenstraat', 'Veldstraat', 'Korenmarkt', 'Steenstraat', 'Bondgenotenlaan', 'Nationalestraat', 'Vlaanderenstraat', 'Kouter', 'Zuidstraat'],
};

/** Business parks, for warehouses and central kitchens. */
export const industrialStreets: readonly string[] = ['Industrieweg', 'Nijverheidsweg', 'Ambachtsweg', 'Bedrijvenpark', 'Handelsweg', 'Transportweg'];

export type RelationKind = 'restaurant' | 'shop' | 'caterer';

export const businessNames: readonly string[] = [
  'El Sombrero', 'Los Amigos', 'El Nopal', 'Agave', 'Casa Oaxaca', 'La Palapa', 'El Jefe', 'Tres Hermanos', 'Mariachi',
  'La Cocina de Rosa', 'El Toro', 'Azteca', 'Chapultepec', 'La Lupita', 'Don Pancho', 'Maya', 'Xochimilco', 'Tulum',
  'La Esquina', 'El Mercadito', 'Sabores', 'Picante', 'Sol y Sombra', 'Frida', 'Guadalajara', 'La Güera', 'Milpa Alta',
];

/** Name patterns per kind; `{n}` is a business name, `{c}` the city, `{s}` a surname. */
export const namePatterns: Record<RelationKind, readonly string[]> = {
  restaurant: ['Restaurant {n}', 'Taquería {n}', 'Cantina {n}', 'Eetcafé {n}', '{n} Tacos & Tequila', 'Grand Café {n}'],
  shop: ['Delicatessen {s}', 'Tienda {n}', 'Mercado {n}', 'Latijns-Amerikaanse supermarkt {n}', 'Speciaalzaak {n} {c}'],
  caterer: ['Catering {s}', '{s} Events & Catering', 'Foodtruck {n}', 'Partyservice {c}', 'Bedrijfscatering {c}'],
};

export const legalForms: Record<'NL' | 'BE', readonly string[]> = { NL: ['B.V.', 'V.O.F.', ''], BE: ['BV', 'NV', 'CommV', ''] };

/** Login-name suffixes of a relation's users, per kind and language. */
export const userRoles: Record<RelationKind, Record<'nl' | 'en', readonly string[]>> = {
  restaurant: { nl: ['keuken', 'inkoop', 'bar', 'bedrijfsleider'], en: ['kitchen', 'purchasing', 'bar', 'manager'] },
  shop: { nl: ['winkel', 'inkoop', 'eigenaar'], en: ['shop', 'purchasing', 'owner'] },
  caterer: { nl: ['keuken', 'planning', 'inkoop'], en: ['kitchen', 'planning', 'purchasing'] },
};

export const deliveryDayOptions: readonly (readonly [readonly string[], number])[] = [
  [[], 30],
  [['tuesday', 'friday'], 15],
  [['monday', 'wednesday', 'friday'], 15],
  [['tuesday', 'thursday'], 12],
  [['wednesday'], 6],
  [['monday', 'thursday'], 10],
  [['tuesday', 'thursday', 'friday'], 12],
];

/** Stays below € 1.000: the shop reads the first integer, and "1.000" would read as 1. */
export const freeDeliveryAmounts: readonly number[] = [150, 200, 250, 300, 350, 400, 500, 750];

export const addressLabels: Record<'nl' | 'en', { main: string; extra: readonly string[] }> = {
  nl: { main: 'Hoofdvestiging', extra: ['Keuken Centrum', 'Magazijn', 'Filiaal {c}', 'Evenementenlocatie', 'Centrale keuken'] },
  en: { main: 'Main branch', extra: ['Central kitchen', 'Warehouse', '{c} branch', 'Event venue'] },
};
