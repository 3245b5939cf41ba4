/**
 * What auth tells other modules of its users (decision 036): a named read, and a named SQL part
 * for a statement that lists a user's mail with its own rows.
 */
export { type UserCard, userCards, userContact, userIdByName, userMailOf, userNames } from './user-contact.repository';
