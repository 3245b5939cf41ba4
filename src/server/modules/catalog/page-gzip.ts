import { constants, crc32, deflateRawSync } from 'node:zlib';
import type { ProductJsonParts } from './product-resource';

/*
 * A list page as gzip put together from its products' parts compressed once (decision 019): a
 * part's raw deflate stream, ended by a sync flush (byte aligned, nothing referred to outside it),
 * can follow any other such stream, and the bytes between parts go as stored blocks. Sending a
 * page then costs a copy and a CRC-32 instead of compressing ~50 kB, at about three times brotli's
 * bytes (each part is compressed without the others' words).
 */

/** RFC 1952: magic, deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** RFC 1951: an empty last block with fixed codes (after a sync flush, where zlib's own end is). */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;
/** A stored block's header after a byte boundary: BFINAL 0, BTYPE 00, then LEN and NLEN. */
const STORED_HEADER = 5;
const AVAILABILITY_KEY = ',"availability":';

const storedBytes = (length: number) => Math.ceil(length / STORED_MAX) * STORED_HEADER + length;

function writeStored(out: Buffer, at: number, bytes: Buffer): number {
  for (let from = 0; from < bytes.length; from += STORED_MAX) {
    const length = Math.min(STORED_MAX, bytes.length - from);
    out[at] = 0;
    out.writeUInt16LE(length, at + 1);
    out.writeUInt16LE(~length & 0xffff, at + 3);
    at += STORED_HEADER;
    at += bytes.copy(out, at, from, from + length);
  }
  return at;
}

/** A raw deflate stream ended by a sync flush: byte aligned, not the last block. */
const deflated = (bytes: Buffer) => deflateRawSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH });

/**
 * A list part's JSON as UTF-8 bytes, with its deflate stream as written on a page kept in the same
 * memory right after them (made once, ~25 µs, mostly zlib's set-up): no object more for the
 * garbage collector to trace per part, and the stream lives exactly as long as the part. The text
 * part is written without its closing brace; the prices part with a comma for its opening brace
 * and without its closing one (writeProductJson).
 */
export function listPartBytes(value: unknown, kind: 'text' | 'prices'): Buffer {
  const json = Buffer.from(JSON.stringify(value));
  let written = json.subarray(0, json.length - 1);
  if (kind === 'prices') {
    written = Buffer.from(written);
    written[0] = 0x2c;
  }
  const form = deflated(written);
  // Memory of its own (not a slab of the pool): the stream is found at the part's end.
  const memory = Buffer.allocUnsafeSlow(json.length + form.length);
  json.copy(memory, 0);
  form.copy(memory, json.length);
  return memory.subarray(0, json.length);
}

/** Whether a part has its deflate stream after its bytes (listPartBytes). */
const hasForm = (part: Buffer) => part.byteOffset === 0 && part.buffer.byteLength > part.length;
/** The deflate stream kept after a part's bytes (listPartBytes). */
const formOf = (part: Buffer) => Buffer.from(part.buffer, part.length, part.buffer.byteLength - part.length);

/**
 * The page productPageBytes writes of the same products and tail, as a gzip stream made from each
 * part's deflate stream, or null when a part has none (the product page's texts) or a product has
 * food changes (the product page's too). Given the page's bytes (for their CRC-32 and length), it answers the stream.
 */
export function pageGzipOf(products: readonly ProductJsonParts[], tail: string): ((page: Buffer) => Buffer) | null {
  if (!products.every((product) => hasForm(product.text) && hasForm(product.prices) && product.foodChanges === undefined)) return null;
  return (page) => {
    const forms = products.flatMap((product) => [formOf(product.text), formOf(product.prices)]);
    // Stored between the parts: the page's head, each product's stock level and own part (its
    // opening brace a comma), the comma before the next product, and the page's tail.
    const between: Buffer[] = [];
    let gap = '{"data":[';
    for (let i = 0; i < products.length; i++) {
      const product = products[i]!;
      between.push(Buffer.from(gap));
      gap = `${AVAILABILITY_KEY}${product.availability ?? 'null'},${product.own.slice(1)}${i < products.length - 1 ? ',' : ''}`;
    }
    between.push(Buffer.from(gap + tail));
    let length = GZIP_HEADER.length + LAST_BLOCK.length + 8;
    for (const bytes of between) length += storedBytes(bytes.length);
    for (const form of forms) length += form.length;
    const out = Buffer.allocUnsafeSlow(length);
    let at = GZIP_HEADER.copy(out, 0);
    for (let i = 0; i < between.length; i++) {
      at = writeStored(out, at, between[i]!);
      if (i < products.length) {
        at += forms[2 * i]!.copy(out, at);
        at += forms[2 * i + 1]!.copy(out, at);
      }
    }
    at += LAST_BLOCK.copy(out, at);
    out.writeUInt32LE(crc32(page) >>> 0, at);
    out.writeUInt32LE(page.length >>> 0, at + 4);
    return out;
  };
}
