import { useMutation } from '@tanstack/react-query';

import type { QuickOrderPreview, QuickOrderRequest } from '../../../../shared/api/quick-order';
import { api, type FileContentType } from '../../../lib/api-client';
import { loadQuickOrderContracts } from '../../../lib/api/quick-order-contracts';

/** POST /quick-order/preview: the rows typed or a pasted list, each line priced; nothing is added. */
export async function previewQuickOrder(request: QuickOrderRequest): Promise<QuickOrderPreview> {
  const [body, { quickOrderPreview }] = await Promise.all([api.post<unknown>('/quick-order/preview', request), loadQuickOrderContracts()]);
  return quickOrderPreview.parse(body);
}

export interface QuickOrderFile {
  file: Blob;
  type: FileContentType;
}

/** POST /quick-order/upload: a CSV or XLSX file as the raw body; the same preview of its lines. */
export async function uploadQuickOrder({ file, type }: QuickOrderFile): Promise<QuickOrderPreview> {
  const [body, { quickOrderPreview }] = await Promise.all([api.upload<unknown>('/quick-order/upload', file, type), loadQuickOrderContracts()]);
  return quickOrderPreview.parse(body);
}

/** What the page asks a preview of. */
export type PreviewInput = { kind: 'request'; request: QuickOrderRequest } | { kind: 'file'; file: QuickOrderFile };

/** The preview as a mutation: it changes nothing, but each check is the customer's own action on what is on the page now. */
export function usePreviewQuickOrder() {
  return useMutation({
    mutationFn: (input: PreviewInput) => (input.kind === 'file' ? uploadQuickOrder(input.file) : previewQuickOrder(input.request)),
  });
}
