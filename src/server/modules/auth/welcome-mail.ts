import type { MailMessage } from '../../adapters/mail/mailer';
import { RESET_LINK_TTL_SECONDS } from './reset-link';

interface WelcomeMailInput {
  to: string;
  lang: 'nl' | 'en';
  user: { name: string; firstname: string; surnamePrefix: string; surname: string };
  shopName: string;
  /** A set-password link (the password-reset link of a user without a password). */
  url: string;
}

const hours = RESET_LINK_TTL_SECONDS / 3600;

/** The mail a user made by an ERP import gets: their login name and a link to choose a password. */
export function welcomeMail({ to, lang, user, shopName, url }: WelcomeMailInput): MailMessage {
  const name = [user.firstname, user.surnamePrefix, user.surname].filter(Boolean).join(' ') || user.name;
  if (lang === 'en') {
    return {
      to,
      subject: `Your account at ${shopName}`,
      text: [
        `Dear ${name},`,
        '',
        `An account has been made for you at ${shopName}. Your login name is: ${user.name}`,
        '',
        'Choose your password with this link (or copy it into your browser):',
        '',
        url,
        '',
        `The link works once and for ${hours} hours. After that, ask for a new one with "Forgot password" on the login page.`,
        '',
        'Kind regards,',
        shopName,
      ].join('\n'),
    };
  }
  return {
    to,
    subject: `Je account bij ${shopName}`,
    text: [
      `Beste ${name},`,
      '',
      `Er is een account voor je aangemaakt bij ${shopName}. Je gebruikersnaam is: ${user.name}`,
      '',
      'Kies je wachtwoord met deze link (of kopieer hem naar je browser):',
      '',
      url,
      '',
      `De link werkt één keer en ${hours} uur lang. Daarna vraag je een nieuwe aan met "Wachtwoord vergeten" op de inlogpagina.`,
      '',
      'Met vriendelijke groet,',
      shopName,
    ].join('\n'),
  };
}
