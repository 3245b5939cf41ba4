import { productJsonMaxBytes, type ProductJsonParts, writeProductJson } from './product-resource';

/**
 * A page's bytes are written here first and then copied out at their exact length: one buffer
 * used again by every page (the event loop writes one page at a time, synchronously). A page
 * larger than this (a list of hundreds of products) gets a buffer of its own.
 */
const SCRATCH_MAX_BYTES = 1024 * 1024;
let scratch = Buffer.allocUnsafe(0);

/**
 * The UTF-8 bytes of `{"data":[…products…]` followed by `tail`: the products' parts are written
 * straight into bytes (writeProductJson), texts and prices copied as the bytes they are
 * remembered as. Joined as strings first, a page of 15 products became one string of ~50,000
 * characters, two bytes each (a price's '€'), encoded once more for compression: that join and
 * encoding were a fifth of a fresh search's CPU.
 */
export function productPageBytes(products: readonly ProductJsonParts[], tail: string): Buffer {
  const head = '{"data":[';
  let room = 3 * (head.length + tail.length) + products.length;
  for (const parts of products) room += productJsonMaxBytes(parts);
  let buffer = scratch;
  if (room > buffer.length) {
    buffer = Buffer.allocUnsafe(room);
    if (room <= SCRATCH_MAX_BYTES) scratch = buffer;
  }
  let at = buffer.write(head, 0);
  for (let i = 0; i < products.length; i++) {
    if (i > 0) at += buffer.write(',', at);
    at = writeProductJson(buffer, at, products[i]!);
  }
  at += buffer.write(tail, at);
  const page = Buffer.allocUnsafe(at);
  buffer.copy(page, 0, 0, at);
  return page;
}
