import base from './playwright.config.ts';
export default {
  ...base,
  testDir: '/work/wt-moneyweb/apps/web/e2e',
  outputDir: '/tmp/moneyweb-pw-out',
  webServer: { ...base.webServer, reuseExistingServer: true },
};
