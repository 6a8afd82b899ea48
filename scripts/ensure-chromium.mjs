// Browser tests drive Debian's Chromium; test tools never download a browser. The journeys run
// in its headless shell (package chromium-headless-shell: the same engine without the desktop
// browser around it, which costs less CPU per journey); Lighthouse and the screen benchmark
// run in the full browser. Installs what is missing with apt-get when the machine user is
// root, else says what to do.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = {
  '/usr/bin/chromium': 'chromium',
  '/usr/bin/chromium-headless-shell': 'chromium-headless-shell',
};
const missing = Object.entries(PACKAGES)
  .filter(([binary]) => !existsSync(binary))
  .map(([, name]) => name);
if (missing.length > 0) {
  const install = `apt-get install -y ${missing.join(' ')} fonts-liberation`;
  if (process.getuid?.() !== 0) {
    console.error(`Missing: ${missing.join(', ')}. Install with: sudo ${install}`);
    process.exit(1);
  }
  console.log(`Installing the browser tests' Chromium (${install})...`);
  execSync(
    `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')} fonts-liberation`,
    { stdio: 'inherit' },
  );
}
