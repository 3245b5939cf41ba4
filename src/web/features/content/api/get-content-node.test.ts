import { describe, expect, it } from 'vitest';

import { individualApiPath } from './get-content-node';

describe('individualApiPath', () => {
  it('keeps the path after the API base and language, whatever the host', () => {
    expect(individualApiPath('https://shop.example/backend/en/jsonapi/node/page/abc')).toBe('/jsonapi/node/page/abc');
    expect(individualApiPath('http://localhost:3000/backend/jsonapi/node/page/abc?include=x')).toBe('/jsonapi/node/page/abc?include=x');
    expect(individualApiPath('/backend/nl/jsonapi/node/page/abc')).toBe('/jsonapi/node/page/abc');
  });

  it('refuses an address outside the API or outside the content nodes', () => {
    expect(() => individualApiPath('https://evil.example/steal')).toThrow(/Not a content page address/);
    expect(() => individualApiPath('https://shop.example/backend/user/cb-logout')).toThrow(/Not a content page address/);
    expect(() => individualApiPath('https://shop.example/backendx/jsonapi/node/page/abc')).toThrow(/Not a content page address/);
  });
});
