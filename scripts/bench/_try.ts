import { startServer } from '../../tests/support/server.ts';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const s = await startServer({ env: { TRUST_PROXY: '1' } });
try {
  for (const blocked of [['*/api/app/track-visit'], []]) {
    const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu'] });
    const t = Date.now();
    try {
      const r = await lighthouse(s.url + '/', { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'], blockedUrlPatterns: blocked });
      const nr = r!.lhr.audits['network-requests']!.details as any;
      console.log(blocked, Date.now() - t, 'ms', r!.lhr.runWarnings, r!.lhr.categories.performance!.score);
      for (const i of nr.items) console.log('  ', i.url, i.statusCode, i.networkRequestTime, i.networkEndTime, i.finished, i.resourceType);
    } finally { chrome.kill(); }
  }
} finally { await s.stop(); }
