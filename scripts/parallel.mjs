#!/usr/bin/env node
/**
 * Runs npm scripts side by side and fails if any of them fails: `node scripts/parallel.mjs typecheck lint`
 * (`npm run checks`, the start of `npm test`). The type check and ESLint are one process each, mostly on
 * one core, so on the 2-core CI machine they take the time of the slower one instead of both.
 * Each script's output is held (in colour when the terminal has it) and printed whole when it ends,
 * under its name, so two reports never interleave; the exit code is the first failing script's.
 */
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const run = (name) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'], env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const status = code ?? (signal ? 1 : 0);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${name}: ${status === 0 ? 'passed' : `failed (exit ${code ?? signal})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(status);
    });
  });

const codes = await Promise.all(names.map(run));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
