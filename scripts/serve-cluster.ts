/**
 * npm run serve:cluster: the production layout on one machine. Starts
 * INSTANCES (2) server instances on the PostgreSQL of DATABASE_URL, sharing
 * one SITE_DIR, behind nginx on PORT (4321), which serves the published
 * site itself and passes the rest to the instances (see
 * cluster/nginx-config.ts and docs/deploy.md). An instance that stops is
 * started again; Ctrl-C stops everything.
 *
 * Settings: DATABASE_URL (required), PORT, INSTANCES, INSTANCE_BASE_PORT
 * (PORT + 10: instances on the ports after it), SITE_DIR (data/site),
 * CLUSTER_DIR (data/cluster: nginx's configuration, pid and logs), and every
 * setting of npm start, passed to the instances.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { NGINX_HEADERS_FILE, nginxHeaders } from '../src/server/features/site-build/csp.ts';
import { nginxConfig } from './cluster/nginx-config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';

const say = (message: string) => process.stdout.write(`▸ ${message}\n`);
function fail(message: string): never {
  process.stderr.write(`✖ ${message}\n`);
  process.exit(1);
}

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) fail('DATABASE_URL is required: the instances share one PostgreSQL database.');
if (!NGINX)
  fail('nginx is not installed: apt-get install -y nginx (and libnginx-mod-http-brotli-static for .br files).');
const port = Number(process.env.PORT ?? 4321);
const instances = Number(process.env.INSTANCES ?? 2);
const basePort = Number(process.env.INSTANCE_BASE_PORT ?? port + 10);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number, not ${process.env.PORT}`);
if (!Number.isInteger(instances) || instances < 1 || instances > 32) fail('INSTANCES must be 1 to 32');
const siteDir = path.resolve(process.env.SITE_DIR ?? path.join(ROOT, 'data', 'site'));
const clusterDir = path.resolve(process.env.CLUSTER_DIR ?? path.join(ROOT, 'data', 'cluster'));
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
fs.mkdirSync(siteDir, { recursive: true });
fs.mkdirSync(clusterDir, { recursive: true });
const headersFile = path.join(clusterDir, 'site-headers.conf');
const configFile = path.join(clusterDir, 'nginx.conf');

let stopping = false;
const children = new Map<number, ChildProcess>();

/** Starts instance `index` (and again whenever it stops, unless everything is stopping). */
function startInstance(index: number): void {
  const instancePort = basePort + index;
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(instancePort),
      HOST: process.env.HOST ?? '127.0.0.1',
      SITE_DIR: siteDir,
      SITE_URL: siteUrl,
      // nginx, on this machine, tells the instances who the reader is; a caller from elsewhere speaks for itself.
      TRUST_PROXY: '127.0.0.1',
      DATA_DIR: path.join(clusterDir, `instance-${index + 1}`),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.set(index, child);
  const label = `instance ${index + 1} (:${instancePort})`;
  say(`${label}: started, pid ${child.pid}`);
  // Whole lines, however the output arrives: the instance's progress lines, named by instance.
  readline.createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line.startsWith('▸')) say(`${label}: ${line.slice(2)}`);
  });
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`${label}: ${chunk.toString('utf8')}`));
  child.on('exit', (code, signal) => {
    children.delete(index);
    if (stopping) return;
    say(`${label} stopped (${signal ?? `exit ${code}`}); starting it again in 2 s`);
    setTimeout(() => !stopping && startInstance(index), 2000);
  });
}

/** The published build's page headers, or (before the first build) the server's, allowing no inline script. */
function currentHeaders(): string {
  try {
    return fs.readFileSync(path.join(siteDir, 'current', NGINX_HEADERS_FILE), 'utf8');
  } catch {
    return nginxHeaders(null);
  }
}

let nginx: ChildProcess | null = null;

function startNginx(): void {
  fs.writeFileSync(headersFile, currentHeaders());
  fs.writeFileSync(
    configFile,
    nginxConfig({
      listenPort: port,
      upstreams: Array.from({ length: instances }, (_, i) => `127.0.0.1:${basePort + i}`),
      siteDir,
      runDir: clusterDir,
      user: process.getuid?.() === 0 ? 'root' : null,
      brotliModule: fs.existsSync(BROTLI_MODULE) ? BROTLI_MODULE : null,
      headersFile,
    }),
  );
  const test = spawnSync(NGINX!, ['-t', '-q', '-c', configFile, '-p', clusterDir], { encoding: 'utf8' });
  if (test.status !== 0) {
    process.stderr.write(`✖ nginx refused the configuration ${configFile}: ${test.stderr.trim()}\n`);
    process.exitCode = 1;
    stopAll('an nginx configuration error');
    return;
  }
  nginx = spawn(NGINX!, ['-c', configFile, '-p', clusterDir, '-g', 'daemon off;'], { stdio: 'inherit' });
  nginx.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(`✖ nginx stopped (${signal ?? `exit ${code}`}); see ${path.join(clusterDir, 'error.log')}\n`);
    process.exitCode = 1;
    stopAll('nginx stopping');
  });
  say(`nginx serves http://localhost:${port} (configuration: ${configFile})`);
}

/** A build with other page headers (a new release of the site) makes nginx reload its configuration. */
function followHeaders(): void {
  const wanted = currentHeaders();
  if (fs.readFileSync(headersFile, 'utf8') === wanted) return;
  fs.writeFileSync(headersFile, wanted);
  nginx?.kill('SIGHUP');
  say('nginx reloaded: the published site has new page headers');
}

function stopAll(reason: string): void {
  if (stopping) return;
  stopping = true;
  say(`Stopping nginx and the instances (${reason})`);
  nginx?.kill('SIGQUIT');
  for (const child of children.values()) child.kill('SIGTERM');
  const waitForAll = setInterval(() => {
    if (children.size === 0) {
      clearInterval(waitForAll);
      process.exit(process.exitCode ?? 0);
    }
  }, 100);
}

process.on('SIGINT', () => stopAll('SIGINT received'));
process.on('SIGTERM', () => stopAll('SIGTERM received'));

say(`Starting ${instances} instance(s) on ports ${basePort}–${basePort + instances - 1}, sharing ${siteDir}`);
for (let i = 0; i < instances; i++) startInstance(i);
startNginx();
// A publish renames the `current` link in SITE_DIR: nginx follows at once (and every 2 s, should an event be missed).
fs.watch(siteDir, (_event, name) => {
  if (name === 'current') followHeaders();
}).unref();
setInterval(followHeaders, 2000).unref();
