import { describe, expect, it } from 'vitest';
import { findChromium } from './chromium.mjs';

describe('finding Chromium for the browser tests', () => {
  it('takes CHROMIUM_PATH when it names a file', () => {
    expect(findChromium({ CHROMIUM_PATH: process.execPath })).toEqual({ path: process.execPath, source: 'CHROMIUM_PATH' });
  });

  it('takes no other browser in place of a CHROMIUM_PATH that does not exist, and says where it looked', () => {
    expect(findChromium({ CHROMIUM_PATH: '/nowhere/chromium' })).toEqual({ path: undefined, looked: ['CHROMIUM_PATH=/nowhere/chromium'] });
  });
});
