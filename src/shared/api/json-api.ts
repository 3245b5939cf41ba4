import { z } from 'zod';

/** Pieces of the JSON:API documents the shop answers as Drupal does. */

/** A resource object's identity: its type and its uuid (`id`); its attributes follow. */
export const resource = <T extends string>(type: T) => ({ type: z.literal(type), id: z.string() });

/** A language of the shop, as a langcode. */
export const langcode = z.enum(['nl', 'en']);
