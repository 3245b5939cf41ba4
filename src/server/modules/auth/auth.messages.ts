import type { Lang } from '../../plugins/language';

/**
 * Messages of the login and password calls that a customer reads (the web shows them as the
 * server sends them), in the language of the request: English under /en, Dutch otherwise.
 */
const en = {
  loginBlockedAccount:
    'There have been more than 5 failed login attempts for this account. It is temporarily blocked. Try again later or request a new password.',
  loginBlockedIp:
    'Too many failed login attempts from your IP address. This IP address is temporarily blocked. Try again later or request a new password.',
  resetBlockedAccount:
    'Too many password recovery requests for this account. It is temporarily blocked. Try again later or contact us.',
  resetBlockedIp:
    'Too many password recovery requests from your IP address. It is temporarily blocked. Try again later or contact us.',
  unknownUser: 'Unrecognized username or email address.',
  mailFailed: 'The e-mail could not be sent. Please try again later.',
  resetLinkInvalid: 'This password reset link is invalid or has already been used. Request a new one.',
  resetLinkExpired: 'This password reset link has expired. Request a new one.',
  passwordTooShort: 'The password must be at least 5 characters long.',
  passwordsDoNotMatch: 'The passwords do not match.',
  currentPasswordEmpty: 'Enter your current password.',
  currentPasswordWrong: 'The current password is not correct.',
  newPasswordTooShort: 'The new password must be at least 5 characters long.',
  repeatPasswordTooShort: 'The repeated password must be at least 5 characters long.',
  notAllValuesCorrect: 'Not all values were correct.',
  passwordChangeBlocked:
    'Too many attempts with a wrong current password. Changing your password is temporarily blocked. Try again later, or log out and request a new password.',
  logoutCrossSite: 'Log out from the shop itself.',
};

export type AuthMessage = keyof typeof en;

const nl: Record<AuthMessage, string> = {
  loginBlockedAccount:
    'Er zijn meer dan 5 mislukte inlogpogingen geweest voor dit account. Het account is tijdelijk geblokkeerd. Probeer het later opnieuw of vraag een nieuw wachtwoord aan.',
  loginBlockedIp:
    'Te veel mislukte inlogpogingen vanaf je IP-adres. Dit IP-adres is tijdelijk geblokkeerd. Probeer het later opnieuw of vraag een nieuw wachtwoord aan.',
  resetBlockedAccount:
    'Er is te vaak een nieuw wachtwoord aangevraagd voor dit account. Aanvragen zijn tijdelijk geblokkeerd. Probeer het later opnieuw of neem contact met ons op.',
  resetBlockedIp:
    'Er is te vaak een nieuw wachtwoord aangevraagd vanaf je IP-adres. Aanvragen zijn tijdelijk geblokkeerd. Probeer het later opnieuw of neem contact met ons op.',
  unknownUser: 'Onbekende gebruikersnaam of onbekend e-mailadres.',
  mailFailed: 'De e-mail kon niet worden verstuurd. Probeer het later opnieuw.',
  resetLinkInvalid: 'Deze link om je wachtwoord opnieuw in te stellen is ongeldig of al gebruikt. Vraag een nieuwe aan.',
  resetLinkExpired: 'Deze link om je wachtwoord opnieuw in te stellen is verlopen. Vraag een nieuwe aan.',
  passwordTooShort: 'Het wachtwoord moet minstens 5 tekens lang zijn.',
  passwordsDoNotMatch: 'De wachtwoorden komen niet overeen.',
  currentPasswordEmpty: 'Vul je huidige wachtwoord in.',
  currentPasswordWrong: 'Het huidige wachtwoord is onjuist.',
  newPasswordTooShort: 'Het nieuwe wachtwoord moet minstens 5 tekens lang zijn.',
  repeatPasswordTooShort: 'Het herhaalde wachtwoord moet minstens 5 tekens lang zijn.',
  notAllValuesCorrect: 'Niet alle waarden zijn juist.',
  passwordChangeBlocked:
    'Je hebt te vaak een onjuist huidig wachtwoord ingevuld. Je wachtwoord wijzigen kan daarom tijdelijk niet. Probeer het later opnieuw, of log uit en vraag een nieuw wachtwoord aan.',
  logoutCrossSite: 'Log uit vanuit de webshop zelf.',
};

export function authMessage(lang: Lang, key: AuthMessage): string {
  return (lang === 'en' ? en : nl)[key];
}
