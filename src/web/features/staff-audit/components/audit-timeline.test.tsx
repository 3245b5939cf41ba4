import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { AuditListResponse } from '../../../../shared/api/staff-audit';
import { jsonResponse, mockFetch, on } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render';

import { AuditTimeline } from './audit-timeline';

const answer: AuditListResponse = {
  data: [
    { id: 2, at: '2026-11-23T13:05:00Z', user: { id: 1, name: 'demo' }, masquerade_from: { id: 6, name: 'staff' }, system: null, entity: 'order', entity_id: '7', action: 'order.change', before: { quantity: 2 }, after: { quantity: 5 }, reason: null, ip: null },
    { id: 1, at: '2026-11-23T08:00:00Z', user: null, masquerade_from: null, system: 'erp_export', entity: 'order', entity_id: '7', action: 'state.export', before: { state: 'placed' }, after: { state: 'exported' }, reason: 'nightly run', ip: null },
  ],
  meta: { page: 1, per_page: 50, has_more: false },
};

describe('AuditTimeline', () => {
  it("shows an order's entries newest first: what, when, who (and who was behind a masquerade), the change and the reason", async () => {
    const calls = mockFetch(on('GET', '/api/staff/audit', () => jsonResponse(200, answer)));
    renderApp('/nl/timeline', { routes: () => [{ path: '/nl/timeline', element: <AuditTimeline filters={{ entity: 'order', entity_id: '7' }} /> }] });
    const region = await screen.findByRole('region', { name: 'Geschiedenis' }, { timeout: 10_000 });
    // the entries' list; each entry's change is a list of its own
    const [list] = await within(region).findAllByRole('list');
    const items = [...list!.children];
    expect(items[0]).toHaveTextContent('Bestelling gewijzigd');
    expect(items[0]).toHaveTextContent('demo (door staff, ingelogd als de klant)');
    expect(items[0]).toHaveTextContent('quantity: 2 → 5');
    expect(items[1]).toHaveTextContent('Naar het ERP gestuurd');
    expect(items[1]).toHaveTextContent('De webshop (erp_export)');
    expect(items[1]).toHaveTextContent('Reden: nightly run');
    expect(calls[0]?.url).toBe('/backend/api/staff/audit?entity=order&entity_id=7');
  });
});
