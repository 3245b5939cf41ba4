import type { MailMessage } from '../../adapters/mail/mailer';

export interface ResetMailInput {
  to: string;
  lang: 'nl' | 'en';
  displayName: string;
  shopName: string;
  url: string;
}

/** The password-reset mail in the user's language (Drupal's "password_reset" mail, reworded). */
export function passwordResetMail({ to, lang, displayName, shopName, url }: ResetMailInput): MailMessage {
  if (lang === 'en') {
    return {
      to,
      subject: `Replacement login information for ${displayName} at ${shopName}`,
      text: [
        `Dear ${displayName},`,
        '',
        `A request to reset the password for your account has been made at ${shopName}.`,
        '',
        'You can now set a new password by clicking this link or copying and pasting it into your browser:',
        '',
        url,
        '',
        'This link can only be used once and expires after one day. If you did not ask for a new password, you can ignore this e-mail: nothing will change.',
        '',
        `Kind regards,`,
        shopName,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Nieuwe inloggegevens voor ${displayName} bij ${shopName}`,
    text: [
      `Beste ${displayName},`,
      '',
      `Er is gevraagd om het wachtwoord van je account bij ${shopName} opnieuw in te stellen.`,
      '',
      'Je kunt nu een nieuw wachtwoord instellen via deze link (klik erop of kopieer hem naar je browser):',
      '',
      url,
      '',
      'De link werkt maar één keer en verloopt na een dag. Heb je geen nieuw wachtwoord aangevraagd? Dan kun je deze e-mail negeren; er verandert niets.',
      '',
      'Met vriendelijke groet,',
      shopName,
    ].join('\n'),
  };
}
