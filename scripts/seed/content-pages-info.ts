import type { PageText } from './content';

/** About us, ordering and delivery, contact and FAQ, in Dutch and English. */

export const aboutUs: PageText = {
  key: 'about-us',
  path: ['/over-ons', '/about-us'],
  title: ['Over ons', 'About us'],
  body: [
    [
      '<p>Casa Maíz is sinds 1972 de groothandel in Mexicaanse levensmiddelen voor restaurants, winkels en cateraars in Nederland en België.</p>',
      '<h2>Van één bestelbus naar een familiebedrijf</h2>',
      '<p>Het begon met een reis door Mexico. Maria en Henk Verhoeven kwamen terug met een koffer vol gedroogde pepers en het plan om echte Mexicaanse producten naar Nederland te halen. Vanuit een garage in Huizen belegden zij de eerste restaurants, met één bestelbus. Inmiddels werkt de derde generatie in het bedrijf en rijden onze eigen gekoelde wagens dagelijks door de Benelux.</p>',
      '<h2>Wat wij doen</h2>',
      "<ul><li>Wij importeren rechtstreeks van producenten in Mexico, van kleine molinos tot grote conservenfabrieken.</li><li>In onze eigen tortillería in Huizen bakken wij sinds 1998 elke dag verse maïstortilla's van genixtamaliseerde maïs.</li><li>Wij leveren een breed assortiment: van tortilla's, pepers en mole tot tequila, keukengerei en diepvriesproducten.</li></ul>",
      '<h2>Waar wij voor staan</h2>',
      '<p>Wij geloven dat goede Mexicaanse gerechten beginnen bij goede basisproducten. Daarom proeven wij alles wat wij verkopen zelf, kennen wij onze producenten persoonlijk en denken onze accountmanagers graag mee over uw kaart. Heeft u een vraag over een product of zoekt u iets dat niet in het assortiment staat? Laat het ons weten.</p>',
    ].join(''),
    [
      '<p>Since 1972, Casa Maíz has been the wholesaler of Mexican food products for restaurants, shops and caterers in the Netherlands and Belgium.</p>',
      '<h2>From one delivery van to a family business</h2>',
      '<p>It started with a journey through Mexico. Maria and Henk Verhoeven came back with a suitcase full of dried chillies and a plan to bring real Mexican products to the Netherlands. From a garage in Huizen they supplied their first restaurants with a single van. Today the third generation runs the business, and our own refrigerated trucks drive through the Benelux every day.</p>',
      '<h2>What we do</h2>',
      '<ul><li>We import directly from producers in Mexico, from small molinos to large canneries.</li><li>In our own tortillería in Huizen we have been baking fresh corn tortillas from nixtamalised corn every day since 1998.</li><li>We supply a broad range: from tortillas, chillies and mole to tequila, kitchen tools and frozen products.</li></ul>',
      '<h2>What we stand for</h2>',
      '<p>We believe good Mexican food starts with good ingredients. That is why we taste everything we sell, know our producers personally, and why our account managers are happy to help you with your menu. Have a question about a product, or looking for something that is not in our range? Let us know.</p>',
    ].join(''),
  ],
};

export const orderingAndDelivery: PageText = {
  key: 'ordering-and-delivery',
  path: ['/bestellen-en-bezorgen', '/ordering-and-delivery'],
  title: ['Bestellen en bezorgen', 'Ordering and delivery'],
  body: [
    [
      '<p>In de webshop bestelt u op elk moment van de dag, tegen de prijzen die voor uw bedrijf gelden.</p>',
      '<h2>Zo bestelt u</h2>',
      '<ol><li>Zoek producten in het assortiment op categorie of met de zoekfunctie, of open uw bestellijst met vaste producten.</li><li>Vul het aantal in en leg de producten in uw winkelwagen. Bij grotere aantallen ziet u direct de staffelprijs.</li><li>Kies bij het afrekenen uw afleveradres, de gewenste leverdatum, de verzendmethode en de betaalmethode.</li><li>Ga akkoord met de leveringsvoorwaarden en rond de bestelling af. U ontvangt een bevestiging per e-mail.</li></ol>',
      '<h2>Prijs op aanvraag</h2>',
      '<p>Staat er bij een product ‘Prijs op aanvraag’, dan is er voor uw prijslijst nog geen prijs afgesproken. Vraag via de knop een prijs aan; uw accountmanager neemt binnen één werkdag contact met u op.</p>',
      '<h2>Bezorgen</h2>',
      '<p>Wij bezorgen met onze eigen wagens, met aparte compartimenten voor gekoelde en diepgevroren producten. Wat vóór 14.00 uur besteld is, kan de volgende werkdag geleverd worden, op uw vaste leverdagen. U kunt uw bestelling ook afhalen in ons magazijn in Huizen, op werkdagen van 7.30 tot 16.00 uur.</p>',
      '<h2>Betalen</h2>',
      '<p>U betaalt op rekening of direct online met iDEAL. Bij online betalen kunt u in één keer ook uw openstaande facturen voldoen.</p>',
    ].join(''),
    [
      '<p>In the web shop you can order at any time of day, at the prices agreed for your business.</p>',
      '<h2>How to order</h2>',
      '<ol><li>Find products in the assortment by category or with the search function, or open your order list of regular products.</li><li>Enter the quantity and add the products to your cart. For larger quantities you see the scaled price straight away.</li><li>At checkout, choose your delivery address, the delivery date you want, the shipping method and the payment method.</li><li>Accept the delivery terms and complete the order. You will receive a confirmation by e-mail.</li></ol>',
      '<h2>Price on request</h2>',
      '<p>If a product shows ‘Price on request’, no price has been agreed for your price list yet. Request a price with the button; your account manager will contact you within one working day.</p>',
      '<h2>Delivery</h2>',
      '<p>We deliver with our own trucks, with separate compartments for chilled and frozen products. Orders placed before 2 pm can be delivered on the next working day, on your regular delivery days. You can also collect your order from our warehouse in Huizen on working days from 7.30 am to 4 pm.</p>',
      '<h2>Payment</h2>',
      '<p>You pay on account or directly online with iDEAL. When paying online you can settle your outstanding invoices in the same payment.</p>',
    ].join(''),
  ],
};

export const contact: PageText = {
  key: 'contact',
  path: ['/contact', '/contact'],
  title: ['Contact', 'Contact'],
  body: [
    [
      '<p>Heeft u een vraag over uw bestelling, een product of uw account? Onze klantenservice helpt u graag.</p>',
      '<h2>Klantenservice</h2>',
      '<ul><li>Telefoon: +31 35 526 19 72</li><li>E-mail: <a href="mailto:klantenservice@casamaiz.example">klantenservice@casamaiz.example</a></li><li>Bereikbaar op werkdagen van 8.00 tot 17.00 uur</li></ul>',
      '<h2>Bezoek- en afhaaladres</h2>',
      '<p>Casa Maíz B.V.<br>Ambachtsweg 12<br>1271 AM Huizen<br>Nederland</p>',
      '<h2>Bedrijfsgegevens</h2>',
      '<p>KvK-nummer 32041972<br>Btw-nummer NL001972321B01</p>',
    ].join(''),
    [
      '<p>Do you have a question about your order, a product or your account? Our customer service is happy to help.</p>',
      '<h2>Customer service</h2>',
      '<ul><li>Telephone: +31 35 526 19 72</li><li>E-mail: <a href="mailto:customerservice@casamaiz.example">customerservice@casamaiz.example</a></li><li>Available on working days from 8 am to 5 pm</li></ul>',
      '<h2>Visiting and collection address</h2>',
      '<p>Casa Maíz B.V.<br>Ambachtsweg 12<br>1271 AM Huizen<br>The Netherlands</p>',
      '<h2>Company details</h2>',
      '<p>Chamber of Commerce number 32041972<br>VAT number NL001972321B01</p>',
    ].join(''),
  ],
};

const faqNl: readonly (readonly [string, string])[] = [
  ['Hoe krijg ik een account voor de webshop?', 'De webshop is bedoeld voor zakelijke klanten. Neem contact op met onze klantenservice; wij maken een account voor u aan en sturen u de inloggegevens.'],
  ['Ik ben mijn wachtwoord vergeten. Wat nu?', 'Klik op de inlogpagina op ‘Wachtwoord vergeten’ en vul uw gebruikersnaam in. U ontvangt een e-mail met een link om een nieuw wachtwoord in te stellen. De link is 24 uur geldig.'],
  ['Tot hoe laat kan ik bestellen voor levering morgen?', 'Bestellingen die vóór 14.00 uur binnen zijn, kunnen de volgende werkdag geleverd worden, als dat een van uw leverdagen is.'],
  ['Wat is het franco-bedrag?', 'Boven dit bedrag leveren wij zonder bezorgkosten. U ziet uw franco-bedrag in de winkelwagen, samen met het bedrag dat u nog nodig hebt.'],
  ['Waarom zie ik bij sommige producten ‘Prijs op aanvraag’?', 'Voor die producten is voor uw prijslijst nog geen prijs afgesproken. Vraag een prijs aan met de knop bij het product.'],
  ['Wat is de bestellijst?', 'Op uw bestellijst zet u de producten die u vaak bestelt, met het hartje bij een product. Zo bestelt u ze de volgende keer met een paar klikken.'],
  ['Kan ik een ander afleveradres gebruiken?', 'U kiest bij het afrekenen uit de afleveradressen van uw bedrijf. Wilt u een adres toevoegen of wijzigen, neem dan contact op met onze klantenservice.'],
  ['Waar vind ik allergeneninformatie?', 'Bij elk product staan onder ‘Specificaties’ de ingrediënten en allergenen. Controleer altijd ook het etiket op het product zelf; recepturen kunnen wijzigen.'],
];

const faqEn: readonly (readonly [string, string])[] = [
  ['How do I get an account for the web shop?', 'The web shop is for business customers. Please contact our customer service; we will create an account for you and send you your login details.'],
  ['I forgot my password. What now?', 'Click ‘Forgot password’ on the login page and enter your user name. You will receive an e-mail with a link to set a new password. The link is valid for 24 hours.'],
  ['How late can I order for delivery tomorrow?', 'Orders received before 2 pm can be delivered on the next working day, if that is one of your delivery days.'],
  ['What is the free-delivery amount?', 'Above this amount we deliver free of charge. Your cart shows your free-delivery amount and how much you still need to reach it.'],
  ['Why do some products show ‘Price on request’?', 'No price has been agreed for those products on your price list yet. Request a price with the button next to the product.'],
  ['What is the order list?', 'Your order list holds the products you order often: mark a product with the heart. Next time you can order them in a few clicks.'],
  ['Can I use a different delivery address?', 'At checkout you choose from your company’s delivery addresses. To add or change an address, please contact our customer service.'],
  ['Where can I find allergen information?', 'Each product lists its ingredients and allergens under ‘Specifications’. Always check the label on the product itself as well; recipes may change.'],
];

const faqBody = (items: readonly (readonly [string, string])[], intro: string) =>
  `<p>${intro}</p>${items.map(([q, a]) => `<h2>${q}</h2><p>${a}</p>`).join('')}`;

export const faq: PageText = {
  key: 'faq',
  path: ['/veelgestelde-vragen', '/faq'],
  title: ['Veelgestelde vragen', 'Frequently asked questions'],
  body: [
    faqBody(faqNl, 'Hier vindt u antwoord op de vragen die wij het vaakst krijgen. Staat uw vraag er niet bij? Neem dan contact met ons op.'),
    faqBody(faqEn, 'Here you will find answers to the questions we are asked most often. Is your question not listed? Please contact us.'),
  ],
};
