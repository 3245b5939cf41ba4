import { defineMessages, textIn } from '../../i18n';
import type { Lang } from '../../plugins/language';

/**
 * Messages of the login and password calls that a customer reads (the web shows them as the
 * server sends them), in the language of the request: English under /en, Dutch otherwise. Keys
 * of errors are their codes; the camelCase ones are field messages of the password change.
 */
export const AUTH_MESSAGES = defineMessages({
  nl: {
    login_blocked:
      'Er zijn meer dan 5 mislukte inlogpogingen geweest voor dit account. Het account is tijdelijk geblokkeerd. Probeer het later opnieuw of vraag een nieuw wachtwoord aan.',
    login_blocked_ip:
      'Te veel mislukte inlogpogingen vanaf je IP-adres. Dit IP-adres is tijdelijk geblokkeerd. Probeer het later opnieuw of vraag een nieuw wachtwoord aan.',
    password_reset_blocked:
      'Er is te vaak een nieuw wachtwoord aangevraagd voor dit account. Aanvragen zijn tijdelijk geblokkeerd. Probeer het later opnieuw of neem contact met ons op.',
    password_reset_blocked_ip:
      'Er is te vaak een nieuw wachtwoord aangevraagd vanaf je IP-adres. Aanvragen zijn tijdelijk geblokkeerd. Probeer het later opnieuw of neem contact met ons op.',
    unknown_user: 'Onbekende gebruikersnaam of onbekend e-mailadres.',
    reset_link_invalid: 'Deze link om je wachtwoord opnieuw in te stellen is ongeldig of al gebruikt. Vraag een nieuwe aan.',
    reset_link_expired: 'Deze link om je wachtwoord opnieuw in te stellen is verlopen. Vraag een nieuwe aan.',
    password_too_short: 'Het wachtwoord moet minstens 5 tekens lang zijn.',
    passwords_do_not_match: 'De wachtwoorden komen niet overeen.',
    currentPasswordEmpty: 'Vul je huidige wachtwoord in.',
    currentPasswordWrong: 'Het huidige wachtwoord is onjuist.',
    newPasswordTooShort: 'Het nieuwe wachtwoord moet minstens 5 tekens lang zijn.',
    repeatPasswordTooShort: 'Het herhaalde wachtwoord moet minstens 5 tekens lang zijn.',
    invalid_password_change: 'Niet alle waarden zijn juist.',
    password_change_blocked:
      'Je hebt te vaak een onjuist huidig wachtwoord ingevuld. Je wachtwoord wijzigen kan daarom tijdelijk niet. Probeer het later opnieuw, of log uit en vraag een nieuw wachtwoord aan.',
    logout_cross_site: 'Log uit vanuit de webshop zelf.',
    login_failed: 'Onbekende gebruikersnaam of onjuist wachtwoord.',
  },
  en: {
    login_blocked:
      'There have been more than 5 failed login attempts for this account. It is temporarily blocked. Try again later or request a new password.',
    login_blocked_ip:
      'Too many failed login attempts from your IP address. This IP address is temporarily blocked. Try again later or request a new password.',
    password_reset_blocked:
      'Too many password recovery requests for this account. It is temporarily blocked. Try again later or contact us.',
    password_reset_blocked_ip:
      'Too many password recovery requests from your IP address. It is temporarily blocked. Try again later or contact us.',
    unknown_user: 'Unrecognized username or email address.',
    reset_link_invalid: 'This password reset link is invalid or has already been used. Request a new one.',
    reset_link_expired: 'This password reset link has expired. Request a new one.',
    password_too_short: 'The password must be at least 5 characters long.',
    passwords_do_not_match: 'The passwords do not match.',
    currentPasswordEmpty: 'Enter your current password.',
    currentPasswordWrong: 'The current password is not correct.',
    newPasswordTooShort: 'The new password must be at least 5 characters long.',
    repeatPasswordTooShort: 'The repeated password must be at least 5 characters long.',
    invalid_password_change: 'Not all values were correct.',
    password_change_blocked:
      'Too many attempts with a wrong current password. Changing your password is temporarily blocked. Try again later, or log out and request a new password.',
    logout_cross_site: 'Log out from the shop itself.',
    login_failed: 'Sorry, unrecognized username or password.',
  },
});

export type AuthMessage = keyof typeof AUTH_MESSAGES.en;

export function authMessage(lang: Lang, key: AuthMessage): string {
  return textIn(lang, AUTH_MESSAGES, key);
}
