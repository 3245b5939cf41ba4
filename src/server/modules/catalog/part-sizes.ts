import { stringBytes } from '../../cache-budget';

/** What a product id (a small integer) takes in a Map or as a cache value. */
export const NUMBER_BYTES = 8;
/**
 * A remembered object's size: its JSON's characters (two bytes each, as strings count) and what
 * V8 keeps per object besides, an estimate on the high side.
 */
const OBJECT_OVERHEAD_BYTES = 160;
export const objectBytes = (value: unknown): number => stringBytes(JSON.stringify(value)) + OBJECT_OVERHEAD_BYTES;
