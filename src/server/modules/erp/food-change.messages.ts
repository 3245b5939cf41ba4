import { defineMessages } from '../../i18n';

/**
 * The food change mail (issue 19 point 6; decision 024): one per customer user and import, in the
 * user's language. Allergen names and levels are the allergen overview's (food-overview.messages.ts).
 */
export const FOOD_CHANGE_MESSAGES = defineMessages({
  nl: {
    subject: (p: { shop: string }) => `Gewijzigde ingrediënten of allergenen | ${p.shop}`,
    greeting: (p: { name: string }) => `Beste ${p.name},`,
    intro: (p: { day: string }) =>
      `Op ${p.day} zijn de ingrediënten of allergenen gewijzigd van producten die je de afgelopen 90 dagen hebt gekocht. Controleer de voedingsinformatie voordat je ze weer gebruikt of aan je gasten serveert.`,
    article: (p: { sku: string }) => `artikelnummer ${p.sku}`,
    ingredients_changed: 'De ingrediënten zijn gewijzigd.',
    allergen_changed: (p: { allergen: string; from: string; to: string }) => `${p.allergen}: was ‘${p.from}’, nu ‘${p.to}’.`,
    view: 'Bekijk de voedingsinformatie',
    closing: (p: { shop: string }) => `Met vriendelijke groet,\n${p.shop}`,
  },
  en: {
    subject: (p: { shop: string }) => `Changed ingredients or allergens | ${p.shop}`,
    greeting: (p: { name: string }) => `Dear ${p.name},`,
    intro: (p: { day: string }) =>
      `On ${p.day} the ingredients or allergens changed of products you bought in the last 90 days. Check the food information before you use them again or serve them to your guests.`,
    article: (p: { sku: string }) => `article number ${p.sku}`,
    ingredients_changed: 'The ingredients have changed.',
    allergen_changed: (p: { allergen: string; from: string; to: string }) => `${p.allergen}: was ‘${p.from}’, now ‘${p.to}’.`,
    view: 'See the food information',
    closing: (p: { shop: string }) => `Kind regards,\n${p.shop}`,
  },
});
