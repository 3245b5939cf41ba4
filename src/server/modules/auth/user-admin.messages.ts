import { defineMessages } from '../../i18n';

/** What staff (and, with team accounts, a relation's owner) read when managing a relation's users. */
export const USER_ADMIN_MESSAGES = defineMessages({
  nl: {
    user_not_found: 'Deze gebruiker bestaat niet (meer).',
    login_name_taken: (name: string) => `De gebruikersnaam ‘${name}’ is al in gebruik. Kies een andere.`,
    mail_taken: (mail: string) => `Er is al een gebruiker met het e-mailadres ${mail}.`,
    already_blocked: 'Deze gebruiker is al geblokkeerd.',
    not_blocked: 'Deze gebruiker is niet geblokkeerd.',
    user_inactive: 'Deze gebruiker is niet actief; een welkomstmail kan pas na het deblokkeren.',
  },
  en: {
    user_not_found: 'This user does not exist (any more).',
    login_name_taken: (name: string) => `The login name ‘${name}’ is already taken. Choose another one.`,
    mail_taken: (mail: string) => `There already is a user with the e-mail address ${mail}.`,
    already_blocked: 'This user is blocked already.',
    not_blocked: 'This user is not blocked.',
    user_inactive: 'This user is not active; a welcome mail can only be sent once they are unblocked.',
  },
});
