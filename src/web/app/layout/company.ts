/**
 * Company details shown in the footer. Not translated: numbers, addresses and profile links
 * are the same in both languages.
 */
export const company = {
  phone: { display: '+31 (0)20 123 45 67', href: 'tel:+31201234567' },
  salesEmail: 'verkoop@casamaiz.nl',
  social: [
    { network: 'Instagram', href: 'https://www.instagram.com/casamaiz', icon: 'instagram' },
    { network: 'Facebook', href: 'https://www.facebook.com/casamaiz', icon: 'facebook' },
    { network: 'LinkedIn', href: 'https://www.linkedin.com/company/casamaiz', icon: 'linkedin' },
  ],
} as const;
