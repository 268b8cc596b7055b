// npm keeps drizzle-orm inside apps/server/node_modules while drizzle-kit is hoisted to the root,
// and drizzle-kit resolves drizzle-orm from its own location. Link it there, then generate.
import { execFileSync } from 'node:child_process';
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const hoisted = path.join(root, 'node_modules/drizzle-orm');
const local = path.resolve(import.meta.dirname, '../node_modules/drizzle-orm');
if (!existsSync(hoisted) && existsSync(local)) symlinkSync(local, hoisted, 'dir');
execFileSync(path.join(root, 'node_modules/.bin/drizzle-kit'), ['generate', ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: path.resolve(import.meta.dirname, '..'),
});
