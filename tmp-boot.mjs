import { Worker } from 'node:worker_threads';
const [entry, n] = [process.argv[2], Number(process.argv[3] ?? 4)];
const c0 = process.cpuUsage(); const t0 = Date.now();
for (let i = 0; i < n; i++) {
  await new Promise((res, rej) => {
    const w = new Worker(new URL('./src/ai/worker-boot.mjs', import.meta.url), { workerData: { entry: new URL(entry, import.meta.url).href } });
    w.once('message', (m) => { w.terminate().then(res); });
    w.once('error', rej);
  });
}
const c = process.cpuUsage(c0);
console.log(entry, 'per boot CPU', ((c.user + c.system) / 1e6 / n).toFixed(2), 's, wall', ((Date.now() - t0) / 1000 / n).toFixed(2));
