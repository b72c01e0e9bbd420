/**
 * The nginx configuration of the production layout: nginx serves the
 * published site from SITE_DIR/current itself (precompressed .br/.gz
 * variants, immutable caching for bundles, revalidation for pages, the
 * site's security headers and Content-Security-Policy, see `headersFile`)
 * and passes the API and every address it has no file
 * for to the instances, moving idempotent requests to another instance when
 * one fails. docs/deploy.md shows it; serve-cluster.ts runs it.
 */

export interface NginxLayout {
  /** Port nginx listens on. */
  listenPort: number;
  /** host:port of each instance. */
  upstreams: string[];
  /** The shared site directory (its `current` link is the published build). */
  siteDir: string;
  /** Folder for nginx's pid, logs and temporary files (a local run), or null for the system's (a service). */
  runDir: string | null;
  /** Worker user (a local run as root reads the site where `nobody` may not). */
  user: string | null;
  /** The brotli_static module's file when it is installed (Debian: libnginx-mod-http-brotli-static). */
  brotliModule: string | null;
  /**
   * The headers of the site's pages: a copy of the published build's
   * .nginx-headers.conf, renewed (and nginx reloaded) when a build brings
   * other ones, which happens only with a new release of the site.
   */
  headersFile: string;
}

export function nginxConfig(layout: NginxLayout): string {
  const { runDir } = layout;
  const local = runDir
    ? `pid ${runDir}/nginx.pid;
error_log ${runDir}/error.log warn;`
    : '';
  const temp = runDir
    ? `
    client_body_temp_path ${runDir}/client_body;
    proxy_temp_path ${runDir}/proxy;
    fastcgi_temp_path ${runDir}/fastcgi;
    uwsgi_temp_path ${runDir}/uwsgi;
    scgi_temp_path ${runDir}/scgi;
    access_log off;`
    : `
    access_log /var/log/nginx/redcap.access.log;`;
  const brotliModule = layout.brotliModule ? `load_module ${layout.brotliModule};\n` : '';
  const brotli = layout.brotliModule ? 'brotli_static on;' : '';
  const root = `${layout.siteDir}/current`;
  return `# RedCap: nginx in front of ${layout.upstreams.length} instance(s).
${brotliModule}${layout.user ? `user ${layout.user};\n` : ''}worker_processes auto;
${local}
events {
    worker_connections 4096;
}

http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    # A busy client's connection stays open: at the default (1,000 requests) nginx closes it, and a request the
    # client sent meanwhile fails.
    keepalive_requests 100000;
    server_tokens off;
    # The link to the published build is followed on every request: a new build shows at once.
    open_file_cache off;${temp}

    upstream redcap_instances {
${layout.upstreams.map((u) => `        server ${u} max_fails=1 fail_timeout=2s;`).join('\n')}
        keepalive 64;
    }

    server {
        listen ${layout.listenPort};
        root ${root};
        charset utf-8;
        gzip_static on;
        gzip_vary on;
        ${brotli}

        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_set_header Host $http_host;
        # The address nginx saw, replacing whatever the client wrote: the instances believe this header.
        proxy_set_header X-Forwarded-For $remote_addr;
        proxy_set_header X-Forwarded-Proto $scheme;
        # A request that could not reach an instance (stopped, restarting) goes to another; writes are never sent twice.
        proxy_next_upstream error timeout http_502 http_503;
        proxy_next_upstream_tries 2;
        proxy_connect_timeout 2s;
        proxy_read_timeout 60s;
        # Chat answers stream.
        proxy_buffering off;

        # The build's own files (stamps, script hashes, this header list) are not for readers.
        location ~ /\\. {
            return 404;
        }

        # Bundles are named by their content: cached for a year.
        location /_astro/ {
            add_header Cache-Control "public, max-age=31536000, immutable";
            add_header X-Content-Type-Options nosniff;
            try_files $uri =404;
        }

        # The API and the generated documents: always the instances.
        location ~ ^/(api|Reports|healthz|readyz|metrics|openapi\\.json|api-docs|redchat/shared)(/|$) {
            proxy_pass http://redcap_instances;
        }

        # Pages and other files of the published build; anything else (redirects, shells, the 404 page) from the instances.
        location / {
            try_files $uri/index.html $uri @instances;
            include ${layout.headersFile};
        }

        location @instances {
            proxy_pass http://redcap_instances;
        }
    }
}
`;
}
