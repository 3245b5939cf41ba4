import { countries, type GroupSpec } from './catalogue-types';

const cornFree: readonly [string, string] = [
  'Geen. Geproduceerd in een bedrijf waar ook tarwe wordt verwerkt.',
  'None. Produced in a facility that also handles wheat.',
];

/** Tortillas, tortilla chips, salsas and sauces. */
export const groupsA: readonly GroupSpec[] = [
  {
    key: '10',
    name: ["Tortilla's", 'Tortillas'],
    taxRate: 900,
    storage: [
      'Droog en koel bewaren (max. 20 °C). Na opening gekoeld bewaren en binnen 5 dagen gebruiken.',
      'Store in a cool, dry place (max. 20 °C). Once opened, keep refrigerated and use within 5 days.',
    ],
    origins: [countries.mx, countries.nl],
    brands: ['Casa Maíz', 'La Milpa', 'El Comal Dorado', 'Doña Lupita'],
    usage: [
      ["Verwarm de tortilla's kort op een hete comal of in een droge koekenpan, dan worden ze soepel.", 'Warm the tortillas briefly on a hot comal or in a dry frying pan to make them soft and pliable.'],
      ["Ideaal voor taco's, enchilada's, quesadilla's en burrito's.", 'Ideal for tacos, enchiladas, quesadillas and burritos.'],
    ],
    background: '#fdf3dc',
    leaves: [
      {
        key: '10', name: ["Maïstortilla's", 'Corn tortillas'], share: 5, motif: 'tortillas',
        colours: ['#f2c94c', '#f6e7b0', '#5b6ea8'],
        items: [
          ["Maïstortilla's geel 10 cm", 'Yellow corn tortillas 10 cm'], ["Maïstortilla's geel 12 cm", 'Yellow corn tortillas 12 cm'],
          ["Maïstortilla's geel 15 cm", 'Yellow corn tortillas 15 cm'], ["Maïstortilla's wit 12 cm", 'White corn tortillas 12 cm'],
          ["Maïstortilla's wit 15 cm", 'White corn tortillas 15 cm'], ["Maïstortilla's blauw 12 cm", 'Blue corn tortillas 12 cm'],
          ["Taquera-maïstortilla's 10 cm", 'Street taco corn tortillas 10 cm'], ["Biologische maïstortilla's 15 cm", 'Organic corn tortillas 15 cm'],
        ],
        packs: [['12 x 30 stuks', '12 x 30 pieces', 1], ['6 x 50 stuks', '6 x 50 pieces', 0.85], ['10 x 24 stuks', '10 x 24 pieces', 0.7], ['1 x 500 stuks', '1 x 500 pieces', 1.4]],
        price: 2450,
        composition: ['Maïs (met kalk behandeld), water, conserveermiddel (E282), verdikkingsmiddel (E466).', 'Maize (treated with lime), water, preservative (E282), thickener (E466).'],
        allergens: ['Geen. Kan sporen van tarwe bevatten.', 'None. May contain traces of wheat.'],
        intro: ["Deze maïstortilla's zijn gemaakt van genixtamaliseerde maïs en hebben de volle, licht nootachtige smaak van een echte Mexicaanse tortilla.", 'These corn tortillas are made from nixtamalised corn and have the full, slightly nutty flavour of a real Mexican tortilla.'],
      },
      {
        key: '20', name: ["Tarwetortilla's", 'Flour tortillas'], share: 4, motif: 'tortillas',
        colours: ['#f3e3c3', '#e9d3a6', '#9cc07a', '#d9734f'],
        items: [
          ["Tarwetortilla's 15 cm", 'Flour tortillas 15 cm'], ["Tarwetortilla's 20 cm", 'Flour tortillas 20 cm'], ["Tarwetortilla's 25 cm", 'Flour tortillas 25 cm'],
          ["Tarwetortilla's 30 cm (burrito)", 'Flour tortillas 30 cm (burrito)'], ["Volkoren tarwetortilla's 25 cm", 'Wholewheat flour tortillas 25 cm'],
          ["Tarwetortilla's spinazie 25 cm", 'Spinach flour tortillas 25 cm'], ["Tarwetortilla's tomaat 25 cm", 'Tomato flour tortillas 25 cm'],
        ],
        packs: [['12 x 18 stuks', '12 x 18 pieces', 1], ['8 x 12 stuks', '8 x 12 pieces', 0.6], ['6 x 36 stuks', '6 x 36 pieces', 1.1]],
        price: 2290,
        composition: ['Tarwebloem, water, plantaardige olie (raapzaad), rijsmiddelen (E450, E500), zout, conserveermiddel (E282), zuurteregelaar (E330).', 'Wheat flour, water, vegetable oil (rapeseed), raising agents (E450, E500), salt, preservative (E282), acidity regulator (E330).'],
        allergens: ['Gluten (tarwe).', 'Gluten (wheat).'],
        intro: ["Soepele tarwetortilla's die niet scheuren bij het oprollen, ook niet als ze goed gevuld zijn.", 'Soft flour tortillas that do not tear when rolled, even when generously filled.'],
      },
      {
        key: '30', name: ['Tostadas', 'Tostadas'], share: 2, motif: 'tortillas', colours: ['#e8b64c', '#d9a441', '#4b5d9c'],
        items: [
          ['Tostadas naturel', 'Plain tostadas'], ['Gebakken tostadas 15 cm', 'Baked tostadas 15 cm'], ['Tostadas van blauwe maïs', 'Blue corn tostadas'],
          ['Tostadas met chili en limoen', 'Chilli and lime tostadas'], ['Mini-tostadas 8 cm', 'Mini tostadas 8 cm'],
        ],
        packs: [['10 x 25 stuks', '10 x 25 pieces', 1], ['12 x 12 stuks', '12 x 12 pieces', 0.7], ['1 x 200 stuks', '1 x 200 pieces', 0.9]],
        price: 2190,
        composition: ['Maïs (met kalk behandeld), plantaardige olie (zonnebloem), zout.', 'Maize (treated with lime), vegetable oil (sunflower), salt.'],
        allergens: cornFree,
        intro: ["Krokante, platte maïstortilla's om te beleggen met bonen, vis, ceviche of gehakt.", 'Crisp, flat corn tortillas to top with beans, fish, ceviche or minced meat.'],
      },
      {
        key: '40', name: ['Tacoschelpen', 'Taco shells'], share: 2, motif: 'taco', colours: ['#e9b949', '#f0d27a', '#4b5d9c'],
        items: [
          ['Tacoschelpen 13 cm', 'Taco shells 13 cm'], ['Staande tacoschelpen', 'Flat-bottom taco shells'],
          ['Mini-tacoschelpen', 'Mini taco shells'], ['Tacoschelpen van blauwe maïs', 'Blue corn taco shells'],
        ],
        packs: [['12 x 12 stuks', '12 x 12 pieces', 1], ['6 x 24 stuks', '6 x 24 pieces', 1], ['1 x 150 stuks', '1 x 150 pieces', 1.6]],
        price: 1890,
        composition: ['Maïs, plantaardige olie (zonnebloem), zout.', 'Maize, vegetable oil (sunflower), salt.'],
        allergens: cornFree,
        intro: ['Voorgevormde, knapperige tacoschelpen: vullen en direct serveren.', 'Pre-shaped, crunchy taco shells: fill and serve straight away.'],
      },
    ],
  },
  {
    key: '11',
    name: ['Tortillachips', 'Tortilla chips'],
    taxRate: 900,
    storage: ['Droog en koel bewaren. Na opening de zak goed sluiten.', 'Store in a cool, dry place. Reseal the bag after opening.'],
    origins: [countries.mx, countries.nl, countries.es],
    brands: ['Casa Maíz', 'Totopos del Sol', 'La Milpa', 'Crujiente'],
    usage: [
      ["Lekker bij guacamole en salsa, of als basis voor nacho's uit de oven.", 'Great with guacamole and salsa, or as the base for oven-baked nachos.'],
      ['Een vaste waarde op de borrelkaart en bij het buffet.', 'A favourite on any bar menu and buffet.'],
    ],
    background: '#fff4d6',
    leaves: [
      {
        key: '10', name: ['Naturel en gezouten', 'Plain and salted'], share: 3, motif: 'chips', colours: ['#f2c94c', '#f5dd8a', '#4b5d9c'],
        items: [
          ['Tortillachips naturel', 'Plain tortilla chips'], ['Tortillachips licht gezouten', 'Lightly salted tortilla chips'],
          ['Tortillachips zeezout', 'Sea salt tortilla chips'], ['Driehoekige totopos', 'Triangle totopos'],
          ['Ronde tortillachips', 'Round tortilla chips'], ['Tortillachips van blauwe maïs', 'Blue corn tortilla chips'],
        ],
        packs: [['12 x 200 g', '12 x 200 g', 1], ['8 x 450 g', '8 x 450 g', 1.4], ['6 x 1 kg', '6 x 1 kg', 2.2]],
        price: 1690,
        composition: ['Maïs (met kalk behandeld), zonnebloemolie, zeezout.', 'Maize (treated with lime), sunflower oil, sea salt.'],
        allergens: ['Geen.', 'None.'],
        intro: ['Stevige tortillachips die niet breken in een dikke dip.', 'Sturdy tortilla chips that do not snap in a thick dip.'],
      },
      {
        key: '20', name: ['Met smaak', 'Flavoured'], share: 3, motif: 'chips', colours: ['#e67e22', '#c0392b', '#8bc34a'],
        items: [
          ['Tortillachips chili', 'Chilli tortilla chips'], ['Tortillachips limoen', 'Lime tortilla chips'], ['Tortillachips kaas', 'Cheese tortilla chips'],
          ['Tortillachips jalapeño', 'Jalapeño tortilla chips'], ['Tortillachips chipotle', 'Chipotle tortilla chips'], ['Tortillachips chili-limoen', 'Chilli lime tortilla chips'],
        ],
        packs: [['12 x 200 g', '12 x 200 g', 1], ['8 x 450 g', '8 x 450 g', 1.4], ['20 x 75 g', '20 x 75 g', 0.8]],
        price: 1890,
        composition: ['Maïs (met kalk behandeld), zonnebloemolie, kruidenmix (zout, paprikapoeder, chilipoeder, knoflookpoeder, citroenzuur), rijstmeel.', 'Maize (treated with lime), sunflower oil, seasoning (salt, paprika powder, chilli powder, garlic powder, citric acid), rice flour.'],
        allergens: ['Kan melk bevatten (de variant kaas bevat melk).', 'May contain milk (the cheese variety contains milk).'],
        intro: ['Tortillachips met een uitgesproken smaak, direct uit de zak te serveren als borrelhapje.', 'Tortilla chips with a bold flavour, ready to serve straight from the bag as a bar snack.'],
      },
      {
        key: '30', name: ['Grootverpakking', 'Catering packs'], share: 2, motif: 'chips', colours: ['#f2c94c', '#e8b64c'],
        items: [
          ['Tortillachips naturel horeca', 'Plain tortilla chips for catering'], ['Nachochips voor de oven', 'Nacho chips for the oven'],
          ['Ongezouten driehoekige tortillachips', 'Unsalted triangle tortilla chips'], ['Tortillareepjes voor soep en salade', 'Tortilla strips for soups and salads'],
        ],
        packs: [['4 x 2,5 kg', '4 x 2.5 kg', 1], ['1 x 5 kg', '1 x 5 kg', 0.55], ['2 x 3 kg', '2 x 3 kg', 0.7]],
        price: 3950,
        composition: ['Maïs (met kalk behandeld), zonnebloemolie, zeezout.', 'Maize (treated with lime), sunflower oil, sea salt.'],
        allergens: ['Geen.', 'None.'],
        intro: ['Voordelige grootverpakking voor horeca en catering, met chips van een gelijkmatig formaat.', 'Economical bulk pack for restaurants and caterers, with chips of consistent size.'],
      },
    ],
  },
  {
    key: '12',
    name: ["Salsa's en sauzen", 'Salsas and sauces'],
    taxRate: 900,
    storage: ['Na opening gekoeld bewaren en binnen 4 weken gebruiken.', 'Refrigerate after opening and use within 4 weeks.'],
    origins: [countries.mx, countries.us],
    brands: ['Casa Maíz', 'Salsera Tapatía', 'Doña Lupita', 'Fuego Verde', 'La Abuela Chela'],
    usage: [
      ['Gebruik de saus als tafelsaus, in marinades of om stoofgerechten op smaak te brengen.', 'Use it as a table sauce, in marinades or to season stews.'],
      ["Past uitstekend bij taco's, eiergerechten en gegrild vlees.", 'Goes perfectly with tacos, egg dishes and grilled meat.'],
    ],
    background: '#fde8e4',
    leaves: [
      {
        key: '10', name: ['Hete sauzen', 'Hot sauces'], share: 4, motif: 'bottle', colours: ['#c0392b', '#e67e22', '#27ae60', '#8e2a1e'],
        items: [
          ['Hete saus habanero', 'Habanero hot sauce'], ['Hete saus chipotle', 'Chipotle hot sauce'], ['Hete saus groene jalapeño', 'Green jalapeño hot sauce'],
          ['Salsa picante klassiek', 'Classic salsa picante'], ['Hete saus chile de árbol', 'Chile de árbol hot sauce'],
          ['Extra hete saus habanero-mango', 'Extra hot habanero mango sauce'], ['Salsa picante met limoen', 'Salsa picante with lime'],
        ],
        packs: [['12 x 150 ml', '12 x 150 ml', 1], ['24 x 60 ml', '24 x 60 ml', 0.9], ['4 x 1 l', '4 x 1 l', 1.8]],
        price: 2150,
        composition: ['Water, chilipepers (35%), azijn, zout, specerijen, knoflook, verdikkingsmiddel (xanthaangom), conserveermiddel (E211).', 'Water, chilli peppers (35%), vinegar, salt, spices, garlic, thickener (xanthan gum), preservative (E211).'],
        allergens: ['Geen.', 'None.'],
        intro: ['Een pittige tafelsaus met de karakteristieke smaak van de peper waarvan hij gemaakt is.', 'A hot table sauce with the distinctive taste of the chilli it is made from.'],
      },
      {
        key: '20', name: ['Salsa', 'Salsa'], share: 3, motif: 'jar', colours: ['#c0392b', '#27ae60', '#e67e22'],
        items: [
          ['Salsa roja medium', 'Medium salsa roja'], ['Salsa verde van tomatillo', 'Tomatillo salsa verde'], ['Salsa taquera', 'Taquera salsa'],
          ['Milde pico de gallo-salsa', 'Mild pico de gallo salsa'], ['Salsa ranchera', 'Salsa ranchera'],
          ['Salsa met zwarte bonen en maïs', 'Black bean and corn salsa'], ['Chunky salsa heet', 'Hot chunky salsa'],
        ],
        packs: [['6 x 450 g', '6 x 450 g', 1], ['12 x 300 g', '12 x 300 g', 1.2], ['4 x 2 kg', '4 x 2 kg', 2.6]],
        price: 1590,
        composition: ['Tomaten, uien, jalapeñopepers, water, azijn, koriander, zout, knoflook, suiker.', 'Tomatoes, onions, jalapeño peppers, water, vinegar, coriander, salt, garlic, sugar.'],
        allergens: ['Geen.', 'None.'],
        intro: ["Een frisse salsa met stukjes groente, klaar om te dippen of bij taco's te serveren.", 'A fresh-tasting salsa with pieces of vegetable, ready for dipping or serving with tacos.'],
      },
      {
        key: '30', name: ['Enchiladasaus', 'Enchilada sauce'], share: 2, motif: 'can', colours: ['#a93226', '#27ae60', '#7a2e1e'],
        items: [
          ['Enchiladasaus rood mild', 'Mild red enchilada sauce'], ['Enchiladasaus rood pittig', 'Hot red enchilada sauce'],
          ['Enchiladasaus groen', 'Green enchilada sauce'], ['Enchiladasaus guajillo', 'Guajillo enchilada sauce'],
        ],
        packs: [['12 x 400 g', '12 x 400 g', 1], ['6 x 800 g', '6 x 800 g', 1.1], ['6 x 2,9 kg', '6 x 2.9 kg', 3.2]],
        price: 1790,
        composition: ['Water, tomatenpuree, gedroogde chilipepers, plantaardige olie, maïszetmeel, zout, uienpoeder, knoflookpoeder, komijn, oregano.', 'Water, tomato purée, dried chilli peppers, vegetable oil, corn starch, salt, onion powder, garlic powder, cumin, oregano.'],
        allergens: ['Geen.', 'None.'],
        intro: ["Een gebonden saus van gedroogde pepers om enchilada's mee te overgieten en in de oven te gratineren.", 'A smooth sauce based on dried chillies for pouring over enchiladas and baking in the oven.'],
      },
      {
        key: '40', name: ['Kant-en-klare molesaus', 'Ready-to-serve mole sauce'], share: 2, motif: 'jar', colours: ['#5d3a1a', '#3b2314', '#6b8e23'],
        items: [
          ['Mole poblano kant-en-klaar', 'Ready-to-serve mole poblano'], ['Mole negro kant-en-klaar', 'Ready-to-serve mole negro'],
          ['Mole verde kant-en-klaar', 'Ready-to-serve green mole'], ['Mole rojo kant-en-klaar', 'Ready-to-serve red mole'],
        ],
        packs: [['12 x 360 g', '12 x 360 g', 1], ['6 x 1 kg', '6 x 1 kg', 1.5]],
        price: 3250,
        composition: ["Water, tomaten, gedroogde chilipepers, pinda's, sesamzaad, chocolade (cacao, suiker), rozijnen, plantaardige olie, zout, specerijen.", 'Water, tomatoes, dried chilli peppers, peanuts, sesame seeds, chocolate (cocoa, sugar), raisins, vegetable oil, salt, spices.'],
        allergens: ["Pinda's, sesam. Kan sporen van noten bevatten.", 'Peanuts, sesame. May contain traces of nuts.'],
        intro: ['Mole die alleen nog verwarmd hoeft te worden: zo staat een klassiek Mexicaans feestgerecht in een paar minuten op tafel.', 'Mole that only needs heating: a classic Mexican festive dish on the table in a few minutes.'],
        alsoIn: 'CM-16',
      },
    ],
  },
];
