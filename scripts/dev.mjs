// `npm run dev`: the reference API on :8787 (restarted on change) and Vite with hot reload, which
// proxies /api and /images to it (vite.config.ts). Ctrl+C stops both.
import { spawn } from 'node:child_process';

const api = spawn('npx', ['tsx', 'watch', 'server/main.ts'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: process.env.API_PORT ?? '8787', DEV: '1' },
});
const web = spawn('npx', ['vite'], { stdio: 'inherit', env: process.env });

const stop = () => {
  api.kill('SIGTERM');
  web.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
api.on('exit', (code) => {
  if (code) stop();
});
web.on('exit', stop);
