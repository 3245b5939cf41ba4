import { MAX_QUICK_ORDER_LINES } from '../../../shared/api/quick-order';
import { badRequest } from '../../errors';
import { localized } from '../../i18n';
import { busy, readWorkbookOffThread } from '../../workers/off-thread';
import { TaskFailed } from '../../workers/task-pool';
import { SHEET_BOUNDS } from './spreadsheet';
import { QUICK_ORDER_MESSAGES } from './quick-order.messages';

/**
 * An uploaded file as the text of a pasted list. A CSV must be UTF-8; a workbook is read in a
 * worker thread (decision 032), and whatever goes wrong there (a broken or oversized workbook, or
 * the thread's time or heap running out) is this upload's 400, never the shop's.
 */

const unreadable = () => badRequest('unreadable_file', localized(QUICK_ORDER_MESSAGES, 'unreadable_file'));

function csvText(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw unreadable();
  }
}

async function workbookText(body: Buffer): Promise<string> {
  let result;
  try {
    result = await readWorkbookOffThread(body);
  } catch (error) {
    if (!(error instanceof TaskFailed)) throw error;
    if (error.failure === 'busy') throw busy();
    throw unreadable();
  }
  if ('text' in result) return result.text;
  if (result.refused === 'too_large') {
    throw badRequest('sheet_too_large', localized(QUICK_ORDER_MESSAGES, 'sheet_too_large', { lines: MAX_QUICK_ORDER_LINES, columns: SHEET_BOUNDS.columns }));
  }
  throw unreadable();
}

export const uploadedText = (kind: 'csv' | 'xlsx', body: Buffer): Promise<string> => (kind === 'xlsx' ? workbookText(body) : Promise.resolve(csvText(body)));
