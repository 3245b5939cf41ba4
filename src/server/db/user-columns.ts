import { users } from './schema';

/**
 * A user as the password mails need them (a reset link, an ERP import's welcome mail): the parts
 * the link's hash is made of (id, mail, password hash, last login) and the name to greet.
 */
export const passwordMailUserColumns = {
  id: users.id,
  name: users.name,
  mail: users.mail,
  pass: users.pass,
  active: users.active,
  langcode: users.langcode,
  firstname: users.firstname,
  surnamePrefix: users.surnamePrefix,
  surname: users.surname,
  lastLoginAt: users.lastLoginAt,
};
