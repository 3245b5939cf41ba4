import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** The levels the shop is held to: WCAG 2.0 and 2.1, A and AA. */
const WCAG_A_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeCheck {
  /** Only this part of the page (a CSS selector); the whole page without it. */
  within?: string;
  /** Every rule's violations, best practices too; by default those of WCAG A/AA and any serious or critical one. */
  everyRule?: boolean;
  /** Noted and the test goes on (expect.soft): one test that checks many pages reports them all. */
  soft?: boolean;
}

/**
 * Checks the page (or the part `within`) with axe-core; `what` names it in the failure. Waits
 * first until the finite animations and transitions have ended: colours read mid-transition (a
 * button under the pointer after the page changed: Bootstrap's 0.15 s hover transition) failed
 * the contrast rule now and then; endless ones (a placeholder's glow) never end and are not
 * waited for.
 */
export async function expectAccessible(page: Page, what: string, { within, everyRule = false, soft = false }: AxeCheck = {}): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  // Only violations are read: axe then details one node of each passed rule instead of all of them.
  // Legacy mode runs axe once in the page itself; the default runs it in parts and then opens a
  // blank page to put them together, injecting axe's 0.5 MB a second time: half the time for the
  // same findings (the six audits of one accessibility test: 8 s instead of 17 s, alone). Its one
  // loss, cross-origin iframes, does not apply: the shop has none.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  if (within) axe.include(within);
  const { violations } = await axe.analyze();
  const found = violations
    .filter((v) => everyRule || v.impact === 'serious' || v.impact === 'critical' || v.tags.some((tag) => WCAG_A_AA.includes(tag)))
    .map((v) => `${v.impact ?? ''} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  (soft ? expect.soft : expect)(found, `accessibility violations on ${what}`).toEqual([]);
}
