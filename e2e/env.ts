/** Where the e2e server runs and keeps its data; shared by playwright.config.ts and the specs. */
export const e2ePort = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${e2ePort}`;
/** One data folder per port, so that runs on other ports leave it alone. */
export const e2eDataDir = `.test-output/e2e-data-${e2ePort}`;
