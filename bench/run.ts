// Runs every benchmark in turn and prints its figures (npm run bench).
import { spawnSync } from 'node:child_process';

for (const script of ['bench:engine', 'bench:render', 'bench:ai', 'bench:bot', 'bench:load']) {
  console.log(`\n== ${script}`);
  const r = spawnSync('npm', ['run', '-s', script], { stdio: 'inherit' });
  if (r.status !== 0) process.exitCode = 1;
}
