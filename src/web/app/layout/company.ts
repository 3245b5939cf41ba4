/**
 * Company details shown in the footer. Not translated: numbers, addresses and profile links
 * are the same in both languages.
 */
export const company = {
  // The same as on the demo contact page and the SALES_EMAIL default.
  phone: { display: '+31 (0)35 526 19 72', href: 'tel:+31355261972' },
  salesEmail: 'verkoop@casamaiz.example',
  social: [
    { network: 'Instagram', href: 'https://www.instagram.com/casamaiz', icon: 'instagram' },
    { network: 'Facebook', href: 'https://www.facebook.com/casamaiz', icon: 'facebook' },
    { network: 'LinkedIn', href: 'https://www.linkedin.com/company/casamaiz', icon: 'linkedin' },
  ],
} as const;
